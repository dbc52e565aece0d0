import { useMemo, type ReactNode } from 'react';
import { useAppShell } from '../../app-actors';
import type { AuthServices } from './auth-services';

/**
 * Builds the auth screens' services from the app shell: the app's API client, and a sign-in that
 * stores the access token and tells the session actor (`session.signedIn`).
 */
export function ShellAuthServices({ children }: { children: (services: AuthServices) => ReactNode }) {
  const shell = useAppShell();
  const services = useMemo<AuthServices>(
    () => ({
      api: shell.services.api,
      onSignedIn: (accessToken) => {
        shell.services.storage.set('accessToken', accessToken);
        shell.actors.session.send({ type: 'session.signedIn' });
      },
    }),
    [shell],
  );
  return <>{children(services)}</>;
}
