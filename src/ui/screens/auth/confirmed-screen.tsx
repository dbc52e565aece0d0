/** /confirmed: the email was verified after sign-up. Test ids: confirmed-page, confirmed-continue. */
import { Link } from 'react-router-dom';
import { useI18nContext } from '../../../i18n/i18n-react';
import { css, cx } from '../../../../styled-system/css';
import { button } from '../../../../styled-system/recipes';
import { Text } from '../../components/heading';
import { AuthPage } from './auth-view';

const continueLink = css({ width: 'full', textDecoration: 'none' });

export function ConfirmedScreen() {
  const { LL } = useI18nContext();
  return (
    <AuthPage title={LL.auth.confirmed.title()} data-testid="confirmed-page">
      <Text>{LL.auth.confirmed.body()}</Text>
      {/* The gate sends a user without a workspace on to /workspace. */}
      <Link to="/home" replace className={cx(button({ variant: 'solid', size: 'md' }), continueLink)} data-testid="confirmed-continue">
        {LL.auth.confirmed.continue()}
      </Link>
    </AuthPage>
  );
}
