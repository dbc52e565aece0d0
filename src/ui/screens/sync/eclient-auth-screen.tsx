/**
 * /eclient/auth (SPEC §2, standalone, let through by the login gate): the companion extension's
 * sign-in. The page's flow (src/machines/eclient-auth.machine.ts) uses the browser's session to
 * open one for the extension and hands it over; this view only shows where it is: connecting,
 * sign-in needed (and back here after), the extension missing (how to install it), an error, or
 * connected (the tab may be closed).
 *
 * Test ids: eclient-auth-page (data-state), eclient-auth-sign-in, eclient-auth-install,
 * eclient-auth-retry, eclient-auth-connected, eclient-auth-error, eclient-auth-home.
 */
import { useSelector } from '@xstate/react';
import { css } from '../../../../styled-system/css';
import { useI18nContext } from '../../../i18n/i18n-react';
import { HOME_PATH } from '../../../machines/constants';
import type { EclientAuthActorRef, EclientAuthError } from '../../../machines/eclient-auth.machine';
import { useFlow } from '../../app-actors';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { Text } from '../../components/heading';
import { ExternalLink, Link } from '../../components/link';
import { pageActions, pageNote, WorkspacePageFrame } from '../workspace/workspace-page-frame';
import { EXTENSION_INSTALL_URL } from './links';

/** The route's flow (src/services/flows/eclient-auth-flows.ts) starts with it. */
export function EclientAuthScreen() {
  const actor = useFlow('eclientAuth');
  return actor ? <EclientAuthView actor={actor} /> : null;
}

function EclientAuthView({ actor }: { actor: EclientAuthActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.sync.eclient;
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const needsSignIn = useSelector(actor, (s) => s.hasTag('needsSignIn'));
  const noExtension = useSelector(actor, (s) => s.hasTag('noExtension'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const connected = useSelector(actor, (s) => s.hasTag('connected'));
  const error = useSelector(actor, (s) => s.context.error);
  const email = useSelector(actor, (s) => s.context.email);
  const retry = () => actor.send({ type: 'user.retry' });
  const state = connected ? 'connected' : failed ? 'failed' : noExtension ? 'noExtension' : needsSignIn ? 'needsSignIn' : 'busy';

  const errorText = (e: EclientAuthError | null): string => {
    if (!e) return '';
    switch (e.kind) {
      case 'server':
        return t.failedServer({ message: e.message });
      case 'network':
        return t.failedNetwork();
      case 'extension':
        return t.failedExtension({ message: e.message });
      case 'extensionSilent':
        return t.extensionSilent();
    }
  };

  return (
    <div data-testid="eclient-auth-page" data-state={state}>
      <WorkspacePageFrame testId="eclient-auth-frame" title={t.title({ product: LL.common.productName() })} message={t.lead()} busy={busy}>
        {busy ? (
          <Text role="status" className={pageNote}>
            {t.checking()}
          </Text>
        ) : null}
        {needsSignIn ? (
          <>
            <Text>{t.needsSignIn()}</Text>
            <div className={pageActions}>
              <Button onClick={() => actor.send({ type: 'user.signIn' })} data-testid="eclient-auth-sign-in">
                {t.signIn()}
              </Button>
            </div>
          </>
        ) : null}
        {noExtension ? (
          <>
            <InlineAlert status="info" title={t.noExtension()} description={t.installSteps()} />
            <div className={pageActions}>
              <ExternalLink href={EXTENSION_INSTALL_URL} target="_blank" rel="noopener noreferrer" data-testid="eclient-auth-install">
                {LL.sync.notice.install()}
                <span className={css({ srOnly: true })}> {LL.sync.notice.newTab()}</span>
              </ExternalLink>
              <Button onClick={retry} data-testid="eclient-auth-retry">
                {t.retry()}
              </Button>
            </div>
          </>
        ) : null}
        {failed ? (
          <>
            <InlineAlert status="error" title={errorText(error)} data-testid="eclient-auth-error" />
            <div className={pageActions}>
              <Button onClick={retry} data-testid="eclient-auth-retry">
                {t.retry()}
              </Button>
            </div>
          </>
        ) : null}
        {connected ? (
          <>
            <InlineAlert status="success" title={t.connected({ email: email ?? '' })} data-testid="eclient-auth-connected" />
            <div className={pageActions}>
              <Link to={HOME_PATH} data-testid="eclient-auth-home">
                {t.home()}
              </Link>
            </div>
          </>
        ) : null}
      </WorkspacePageFrame>
    </div>
  );
}
