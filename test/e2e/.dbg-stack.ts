import { startE2eStack } from './support/stack';
const cloud = await startE2eStack();
console.log('URL', cloud.url);
process.on('SIGTERM', async () => { await cloud.stop(); process.exit(0); });
setInterval(() => {}, 1 << 30);
