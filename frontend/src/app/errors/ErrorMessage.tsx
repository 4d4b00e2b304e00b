// How an error is shown in every feature (spec section 8 of both spec documents): a generic
// 'Unexpected error' box with See more / See less, Copy message, Close and an optional (Request Access)
// link, or the specialised view of the server's error_type (errorViews.tsx).
import { useState } from 'react';
import { ERROR_VIEWS, type View } from './errorViews';
import type { ErrorMessageProps } from './types';
import './errors.css';

export type { ErrorMessageProps } from './types';

export function ErrorMessage(props: ErrorMessageProps) {
  const { message, errors, link, onClose, onCopy } = props;
  const [open, setOpen] = useState(false);
  const first = errors?.[0];
  const view: View | undefined = first ? ERROR_VIEWS[first.error_type] : undefined;
  const title = view?.title ?? 'Unexpected error';
  const text = first?.message ?? message;
  const details = errors && errors.length > 0 ? JSON.stringify(errors, null, 2) : null;
  return (
    <div className={`error-box error-box--${view?.level ?? 'warning'}`} role="alert">
      <div className="error-box__head">
        <strong className="error-box__title">{title}</strong>
        {link && (
          <a className="error-box__link" href={link} target="_blank" rel="noreferrer">
            (Request Access)
          </a>
        )}
        <span className="error-box__spacer" />
        <button type="button" className="button button--ghost button--small" onClick={() => onCopy?.(text)}>
          Copy message
        </button>
        {onClose && (
          <button type="button" className="button button--ghost button--small" onClick={onClose}>
            Close
          </button>
        )}
      </div>
      <div className="error-box__body">{view ? view.body(first, props) : <p>{text}</p>}</div>
      {details && (
        <>
          <button type="button" className="error-box__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'See less' : 'See more'}
          </button>
          {open && (
            <pre className="error-box__details" tabIndex={0} aria-label="Error details">
              {details}
            </pre>
          )}
        </>
      )}
    </div>
  );
}

export default ErrorMessage;
