/**
 * /404 (standalone): the page for unknown paths (SPEC §2), with a link home.
 * Test ids: not-found-page, not-found-home.
 */
import { css } from '../../../../styled-system/css';
import { useI18nContext } from '../../../i18n/i18n-react';
import { Heading, Text } from '../../components/heading';
import { Link } from '../../components/link';

const page = css({
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '4',
  p: '6',
  textAlign: 'center',
});
const code = css({ fontSize: '6xl', fontWeight: 'bold', color: 'colorPalette.default', lineHeight: '1' });

export function NotFoundScreen() {
  const { LL } = useI18nContext();
  return (
    <main className={page} data-testid="not-found-page">
      <p className={code} aria-hidden="true">
        404
      </p>
      <Heading as="h1" size="2xl">
        {LL.pages.notFound.title()}
      </Heading>
      <Text muted>{LL.pages.notFound.body()}</Text>
      <Link to="/home" data-testid="not-found-home">
        {LL.common.backHome()}
      </Link>
    </main>
  );
}
