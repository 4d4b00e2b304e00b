/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** WebSocket endpoint for async events when it is not <host>/ws (e.g. an API Gateway WebSocket API). */
  readonly VITE_ASYNC_WS_URL?: string;
}
