// The server-rendered sign-in form at /login/ (Flask-AppBuilder's, as clients scrape it: an input
// with id csrf_token, then username and password posted as a form). Browsers that run the app get
// the app's own sign-in page at the same path; this one needs no JavaScript.
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page's only style element, allowed by its hash in the page's CSP (session.ts). */
export const LOGIN_PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;max-width:22rem;margin:4rem auto;padding:0 1rem}label{display:block;margin-top:1rem}input[type=text],input[type=password]{width:100%;padding:.4rem;box-sizing:border-box}button{margin-top:1.25rem;padding:.5rem 1rem}.error{color:#b00020}';

export function loginPageHtml(options: { csrfToken: string; action: string; error?: string; username?: string; next?: string }): string {
  const error = options.error ? `<p role="alert" class="error">${escapeHtml(options.error)}</p>` : '';
  const next = options.next ? `<input type="hidden" name="next" value="${escapeHtml(options.next)}">` : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in - Sqlscape</title>
<style>${LOGIN_PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>Sign in</h1>
${error}
<form method="post" action="${escapeHtml(options.action)}" name="login">
<input id="csrf_token" name="csrf_token" type="hidden" value="${escapeHtml(options.csrfToken)}">
${next}
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" required value="${escapeHtml(options.username ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>
`;
}
