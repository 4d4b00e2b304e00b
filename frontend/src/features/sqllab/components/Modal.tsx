// The shared modal moved to frontend/src/app/Modal.tsx; this path stays for imports not yet moved.
export { Modal } from '../../../app/Modal';
