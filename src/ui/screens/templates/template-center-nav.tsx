/**
 * The template centre's frame (SPEC §2 /template-center with /tabs, /quick-reply, /auto-reply;
 * admins only, SPEC §6): /template-center itself opens the first section, and each section's
 * screen shows the centre's title and a sub-navigation of the three sections (links: Tab and
 * Shift+Tab move between them, Enter opens one; the one on screen is `aria-current="page"`).
 * Test ids: template-center-nav, template-nav-tabs, template-nav-quick-reply, template-nav-auto-reply.
 */
import type { ReactNode } from 'react';
import { Navigate, NavLink } from 'react-router-dom';
import { css } from '../../../../styled-system/css';
import { useI18nContext } from '../../../i18n/i18n-react';
import { Heading, Text } from '../../components/heading';

export const TEMPLATE_CENTER_SECTIONS = [
  { path: '/template-center/tabs', key: 'tabs', testId: 'template-nav-tabs' },
  {
    path: '/template-center/quick-reply',
    key: 'quickReply',
    testId: 'template-nav-quick-reply',
  },
  {
    path: '/template-center/auto-reply',
    key: 'autoReply',
    testId: 'template-nav-auto-reply',
  },
] as const;

/** /template-center: the first section. */
export function TemplateCenterRedirect() {
  return <Navigate to={TEMPLATE_CENTER_SECTIONS[0].path} replace />;
}

const page = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '5',
  p: { base: '4', md: '8' },
  maxWidth: '6xl',
  minInlineSize: '0',
});
const navList = css({
  display: 'flex',
  gap: '1',
  listStyle: 'none',
  p: '0',
  m: '0',
  borderBlockEndWidth: '1px',
  borderColor: 'border.default',
  flexWrap: 'wrap',
});
const navLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  whiteSpace: 'nowrap',
  px: { base: '2', sm: '3' },
  py: '2',
  marginBlockEnd: '-1px',
  borderBlockEndWidth: '2px',
  borderColor: 'transparent',
  color: 'fg.muted',
  fontWeight: 'medium',
  textStyle: 'sm',
  textDecoration: 'none',
  _hover: { color: 'fg.default' },
  _focusVisible: {
    outline: '2px solid',
    outlineColor: 'colorPalette.default',
    outlineOffset: '-2px',
    borderRadius: 'l1',
  },
  '&[aria-current=page]': {
    color: 'colorPalette.text',
    borderColor: 'colorPalette.default',
  },
});

/** The centre's title, its sections and the section's own content. */
export function TemplateCenterFrame({ testId, busy, children }: { testId: string; busy: boolean; children: ReactNode }) {
  const { LL } = useI18nContext();
  const t = LL.templates;
  return (
    <section className={page} data-testid={testId} aria-busy={busy}>
      <div>
        <Heading as="h1" size="2xl">
          {t.title()}
        </Heading>
        <Text muted>{t.lead()}</Text>
      </div>
      <nav aria-label={t.nav.label()} data-testid="template-center-nav">
        <ul className={navList}>
          {TEMPLATE_CENTER_SECTIONS.map((s) => (
            <li key={s.key}>
              <NavLink to={s.path} className={navLink} data-testid={s.testId}>
                {t.nav[s.key]()}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </section>
  );
}
