import type { ComponentType } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { configureClient } from './client/client';
import { loadSession, signOut, type Session } from './client/session';
import { Link, match, useLocation, type Location } from './router';
import { Problem } from './components/problem';
import { routes, sections } from './routes';

export interface PageProps {
  session: Session;
  location: Location;
  params: Record<string, string>;
}

export type Page = ComponentType<PageProps>;

type State = { phase: 'loading' } | { phase: 'signed-out' } | { phase: 'failed'; error: unknown } | { phase: 'in'; session: Session };

export function App() {
  const [state, setState] = useState<State>({ phase: 'loading' });
  useEffect(() => {
    loadSession().then(
      (session) => {
        if (!session) return setState({ phase: 'signed-out' });
        configureClient(session.csrf_token, () => setState({ phase: 'signed-out' }));
        setState({ phase: 'in', session });
      },
      (error: unknown) => setState({ phase: 'failed', error }),
    );
  }, []);
  if (state.phase === 'loading') return <p class="loading">Loading the console…</p>;
  if (state.phase === 'failed')
    return (
      <main class="signed-out">
        <h1>Console</h1>
        <Problem error={state.error} />
      </main>
    );
  if (state.phase === 'signed-out') return <SignedOut />;
  return <Shell session={state.session} onSignOut={() => setState({ phase: 'signed-out' })} />;
}

function SignedOut() {
  useEffect(() => {
    document.title = 'Signed out · Console';
  }, []);
  return (
    <main class="signed-out">
      <h1>You are not signed in</h1>
      <p>
        The console opens from a one-time sign-in link. Ask for a new one from your integration (
        <code>POST /api/public/v1/console-links</code>) or from the dispatch company (<code>hub console link</code>).
      </p>
    </main>
  );
}

function Shell({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const location = useLocation();
  const first = useRef(true);
  // After a move inside the console, focus goes to the new page's heading so keyboard and screen-reader users start
  // there (the first page keeps the browser's own start).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, [location.path]);
  const found = routes.map((route) => ({ route, params: match(route.path, location.path) })).find((r) => r.params);
  const Current = found?.route.page;
  const active = found?.route.section;
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      {!session.livemode && (
        <div class="test-banner" role="note">
          TEST MODE — sandbox data; nothing here is billed or driven for real.
        </div>
      )}
      <header class="top">
        <div class="brand">
          <span class="product">Console</span>
          <span class="account">
            {session.account.name} <span class="muted">({session.account.kind})</span>
          </span>
        </div>
        <nav aria-label="Sections" class="sections">
          <ul>
            {sections
              .filter((section) => section.scopes.length === 0 || section.scopes.some((s) => session.scopes.includes(s)))
              .map((section) => (
                <li key={section.path}>
                  <Link to={section.path} aria-current={active === section.path ? 'page' : undefined}>
                    {section.label}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
        <button
          type="button"
          class="sign-out"
          onClick={async () => {
            await signOut(session.csrf_token);
            onSignOut();
          }}
        >
          Sign out
        </button>
      </header>
      <main id="main">
        {Current ? (
          <Current session={session} location={location} params={found!.params!} />
        ) : (
          <>
            <h1>Page not found</h1>
            <p>
              There is no console page at this address. <Link to="/">Go to the overview</Link>.
            </p>
          </>
        )}
      </main>
    </>
  );
}
