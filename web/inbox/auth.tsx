// The sign-in page and the invitation page (#/invite/TOKEN), where a new team member sets a password.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError } from './api';
import type { Invitation, Session } from './types';

const PASSWORD_MIN = 12;

function signInError(error: unknown): string {
  if (error instanceof ApiError) {
    // One message for a wrong email, a wrong password and a person who cannot sign in: the page never
    // tells whether an email belongs to someone.
    if (error.status === 401 || error.status === 400)
      return 'That email and password do not match. Check both and try again.';
    if (error.status === 429) {
      const minutes = error.retryAfter ? Math.max(1, Math.ceil(error.retryAfter / 60)) : 15;
      return `Too many attempts. Wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} and try again.`;
    }
    return error.message;
  }
  return 'Something went wrong. Try again.';
}

export function SignIn({
  onSignedIn,
  notice,
}: {
  onSignedIn(session: Session): void;
  notice: string | null;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  useEffect(() => emailInput.current?.focus(), []);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await api.signIn(email.trim(), password));
    } catch (failure) {
      setError(signInError(failure));
      setPassword('');
      setBusy(false);
    }
  };

  return (
    <main class="auth" id="main">
      <form class="card" onSubmit={submit} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Sign in to the inbox</h1>
        {notice && (
          <p class="notice" role="status">
            {notice}
          </p>
        )}
        <label for="email">Email</label>
        <input
          id="email"
          ref={emailInput}
          type="email"
          name="email"
          autocomplete="username"
          required
          value={email}
          onInput={(event) => setEmail(event.currentTarget.value)}
        />
        <label for="password">Password</label>
        <input
          id="password"
          type="password"
          name="password"
          autocomplete="current-password"
          required
          value={password}
          onInput={(event) => setPassword(event.currentTarget.value)}
        />
        <p class="error" role="alert">
          {error}
        </p>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p class="hint">No password yet? Open the invitation link a colleague sent you.</p>
      </form>
    </main>
  );
}

export function Invite({ token, onSignedIn }: { token: string; onSignedIn(session: Session): void }) {
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .invitation(token)
      .then(setInvitation, (failure: unknown) =>
        setInvalid(
          failure instanceof ApiError && failure.status === 404
            ? 'This invitation link has expired or was already used. Ask a colleague for a new one.'
            : signInError(failure),
        ),
      );
  }, [token]);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    if (Array.from(password).length < PASSWORD_MIN)
      return setError(`The password needs at least ${PASSWORD_MIN} characters.`);
    if (password !== repeat) return setError('The two passwords are not the same.');
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await api.acceptInvitation(token, password));
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 404
          ? 'This invitation link has expired or was already used. Ask a colleague for a new one.'
          : failure instanceof ApiError
            ? failure.message
            : 'Something went wrong. Try again.',
      );
      setBusy(false);
    }
  };

  return (
    <main class="auth" id="main">
      <div class="card">
        <h1 id="invite-title">Set your password</h1>
        {invalid && (
          <p class="error" role="alert">
            {invalid} <a href="#/">Go to sign-in</a>
          </p>
        )}
        {!invalid && !invitation && <p role="status">Reading the invitation…</p>}
        {invitation && (
          <form onSubmit={submit} aria-labelledby="invite-title" noValidate>
            <p>
              Welcome, {invitation.name}. Choose a password to sign in as <strong>{invitation.email}</strong>.
            </p>
            <label for="new-password">New password</label>
            <input
              id="new-password"
              type="password"
              autocomplete="new-password"
              required
              aria-describedby="password-rule"
              value={password}
              onInput={(event) => setPassword(event.currentTarget.value)}
            />
            <p id="password-rule" class="hint">
              At least {PASSWORD_MIN} characters.
            </p>
            <label for="repeat-password">Repeat the password</label>
            <input
              id="repeat-password"
              type="password"
              autocomplete="new-password"
              required
              value={repeat}
              onInput={(event) => setRepeat(event.currentTarget.value)}
            />
            <p class="error" role="alert">
              {error}
            </p>
            <button type="submit" class="primary" disabled={busy}>
              {busy ? 'Saving…' : 'Set password and sign in'}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
