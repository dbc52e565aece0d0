/**
 * /v2/home inside the main layout (SPEC §2): the bulletin about an upcoming update, the user guide
 * (create workspace, install extension, invite employees, each done or not from what is known),
 * FAQ links, quick actions and, for admins, the team template centre.
 * Test ids: home-page, home-bulletin, guide-step-<id> (data-done="true|false"), home-faq,
 * home-quick-actions, home-template-centre.
 */
import { useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import { css } from '../../../../styled-system/css';
import { MAINTENANCE_END_DATE } from '../../../machines/constants';
import { useI18nContext } from '../../../i18n/i18n-react';
import { useAppActors, useAppShell, useFlow } from '../../app-actors';
import { InlineAlert } from '../../components/alert';
import { CardBody, CardDescription, CardHeader, CardRoot, CardTitle } from '../../components/card';
import { Heading, Text } from '../../components/heading';
import { Link } from '../../components/link';
import { selectMembers, selectRealRole, selectWorkspace } from '../../../machines/account.machine';
import { selectExtensionInstalled } from '../../../machines/first-run-guide.machine';
import { routeFor } from '../../route-entry';
import { guideSteps, quickActions, faqLinks, type GuideFacts } from './home-content';

const page = css({ display: 'flex', flexDirection: 'column', gap: '6', maxWidth: '6xl', mx: 'auto' });
const grid = css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } });
const steps = css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '4' });
const step = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '3', alignItems: 'start' });
const marker = css({
  width: '7',
  height: '7',
  borderRadius: 'full',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: 'semibold',
  fontSize: 'sm',
  borderWidth: '2px',
  borderColor: 'border.default',
  color: 'fg.muted',
  '&[data-done=true]': { bg: 'colorPalette.default', borderColor: 'colorPalette.default', color: 'colorPalette.fg' },
});
const stepTitle = css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap', fontWeight: 'semibold' });
const badge = css({
  alignSelf: 'flex-start',
  fontSize: 'xs',
  fontWeight: 'medium',
  px: '2',
  py: '0.5',
  borderRadius: 'full',
  bg: 'bg.subtle',
  color: 'fg.muted',
  '&[data-done=true]': { bg: 'colorPalette.a3', color: 'colorPalette.text' },
});
const links = css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '2' });
const actionLink = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'border.default',
  color: 'fg.default',
  textDecoration: 'none',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default' },
});
/** The arrow points forward: right in LTR, left in RTL. */
const forward = css({ _rtl: { transform: 'scaleX(-1)' } });

const formatDate = (iso: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

function ForwardArrow() {
  return (
    <svg className={forward} viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M5 12h14M13 6l6 6-6 6" />
    </svg>
  );
}

export function HomeScreen() {
  const { LL, locale } = useI18nContext();
  const { account } = useAppActors();
  const { routes } = useAppShell();
  // SPEC §4's one rule of "installed" is the first-run guidance's (Not Now counts, as it hides the guidance).
  const guide = useFlow('firstRunGuide');
  const extensionInstalled = useSelector(guide, (s) => (s ? selectExtensionInstalled(s) : false));
  // The account actor: refreshed after invitations, joins and removals (the gate only loads it).
  const workspace = useSelector(account, selectWorkspace);
  const members = useSelector(account, selectMembers);

  const facts: GuideFacts = {
    workspaceName: workspace?.workspaceName ?? null,
    extensionKnown: extensionInstalled,
    memberCount: members.filter((m) => m.status !== 'removed').length,
  };
  const guideList = guideSteps(facts);
  const doneCount = guideList.filter((s) => s.done).length;
  const isAdmin = useSelector(account, selectRealRole) === 'admin';
  // The template centre's card links to it once the route table has it (SPEC §2).
  const templateCentre = routeFor('/template-center', routes);
  const date = formatDate(MAINTENANCE_END_DATE, locale);
  const t = LL.home;

  return (
    <div className={page} data-testid="home-page">
      <header>
        <Heading as="h1" size="2xl">
          {facts.workspaceName ? t.welcome({ workspace: facts.workspaceName }) : t.welcomeNoWorkspace()}
        </Heading>
        <Text muted>{t.intro()}</Text>
      </header>

      <InlineAlert
        status="info"
        data-testid="home-bulletin"
        title={t.bulletin.title()}
        description={t.bulletin.body({ date })}
      />

      <div className={grid}>
        <CardRoot data-testid="home-guide">
          <CardHeader>
            <CardTitle>{t.guide.title()}</CardTitle>
            <CardDescription>{t.guide.progress({ done: doneCount, total: guideList.length })}</CardDescription>
          </CardHeader>
          <CardBody>
            <ol className={steps}>
              {guideList.map((s, i) => (
                <li key={s.id} className={step} data-testid={`guide-step-${s.id}`} data-done={s.done}>
                  <span className={marker} data-done={s.done} aria-hidden="true">
                    {s.done ? '✓' : i + 1}
                  </span>
                  <div>
                    <div className={stepTitle}>
                      <span>{t.guide[s.id].title()}</span>
                      <span className={badge} data-done={s.done}>
                        {s.done ? LL.common.done() : LL.common.notDone()}
                      </span>
                    </div>
                    <Text muted>{t.guide[s.id].description()}</Text>
                    {!s.done && s.id === 'createWorkspace' ? <Link to={s.to}>{t.guide.createWorkspace.action()}</Link> : null}
                  </div>
                </li>
              ))}
            </ol>
          </CardBody>
        </CardRoot>

        <CardRoot data-testid="home-quick-actions">
          <CardHeader>
            <CardTitle>{t.quickActions.title()}</CardTitle>
          </CardHeader>
          <CardBody>
            <ul className={links}>
              {quickActions.map((a) => (
                <li key={a.id}>
                  <RouterLink to={a.to} className={actionLink} data-testid={`quick-action-${a.id}`}>
                    <span>{t.quickActions[a.id]()}</span>
                    <ForwardArrow />
                  </RouterLink>
                </li>
              ))}
            </ul>
          </CardBody>
        </CardRoot>

        <CardRoot data-testid="home-faq">
          <CardHeader>
            <CardTitle>{t.faq.title()}</CardTitle>
          </CardHeader>
          <CardBody>
            <ul className={links}>
              {faqLinks.map((f) => (
                <li key={f.id}>
                  <Link to={f.to}>{t.faq[f.id]()}</Link>
                </li>
              ))}
            </ul>
          </CardBody>
        </CardRoot>

        {isAdmin ? (
          <CardRoot data-testid="home-template-centre">
            <CardHeader>
              <CardTitle>{t.templateCentre.title()}</CardTitle>
              <CardDescription>{t.templateCentre.description()}</CardDescription>
            </CardHeader>
            <CardBody>
              {templateCentre ? (
                <Link to={templateCentre.path}>{t.templateCentre.open()}</Link>
              ) : (
                <span className={badge}>{LL.common.adminsOnly()}</span>
              )}
            </CardBody>
          </CardRoot>
        ) : null}
      </div>
    </div>
  );
}
