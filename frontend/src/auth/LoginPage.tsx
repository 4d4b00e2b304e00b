// The sign-in form. After a successful login it goes to `next` (the page that sent the user here) or
// to the SQL editor.
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { login, safeNextPath } from './login';
import { homePath } from './permissions';

export function LoginPage() {
  const { next } = useSearch({ from: '/login' });
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await login(username.trim(), password);
      if (result.ok) await navigate({ href: safeNextPath(next, homePath()), replace: true });
      else setError(result.message);
    } catch {
      setError('Sign-in failed: the server could not be reached.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login">
      <div className="login__panel">
        <div className="login__brand" aria-hidden="true">
          <span className="topnav__logo">◆</span> Sqlscape
        </div>
        <h1 className="login__title">Sign in</h1>
        <p className="login__subtitle">Explore your databases with SQL: write queries, browse schemas, save and share your work.</p>
        <form className="form" onSubmit={onSubmit} noValidate>
          <label className="field">
            <span className="field__label">Username</span>
            <input
              className="input"
              name="username"
              autoComplete="username"
              autoFocus
              required
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          </label>
          <label className="field">
            <span className="field__label">Password</span>
            <input
              className="input"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button button--primary button--block" disabled={busy || !username || !password}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
      </div>
    </main>
  );
}
