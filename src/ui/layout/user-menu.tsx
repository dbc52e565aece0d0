/**
 * Header user menu (SPEC §2 Layout): global settings (language), change password, download the QA
 * recording (only with `?record`) and sign out.
 * Test ids: user-menu-trigger, language-en, language-zh-CN, language-ar, user-menu-change-password,
 * user-menu-download-recording, user-menu-sign-out.
 */
import { Menu } from '@ark-ui/react/menu';
import { useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { css, cx } from '../../../styled-system/css';
import { menu } from '../../../styled-system/recipes';
import { languages, type Language } from '../../contract/account';
import { useI18nContext } from '../../i18n/i18n-react';
import { useAppShell } from '../app-actors';
import {
  MenuContent,
  MenuItem,
  MenuItemGroup,
  MenuItemGroupLabel,
  MenuItemText,
  MenuPortal,
  MenuPositioner,
  MenuRoot,
  MenuSeparator,
  MenuTrigger,
} from '../components/menu';
import { CheckIcon, ChevronDownIcon } from './icons';
import { UserText } from '../components/user-text';

const trigger = css({
  // Holds the visually hidden email of narrow screens, so it cannot widen the page.
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  px: '2',
  py: '1',
  borderRadius: 'l2',
  cursor: 'pointer',
  color: 'fg.default',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default' },
});
const avatar = css({
  width: '8',
  height: '8',
  borderRadius: 'full',
  bg: 'colorPalette.default',
  color: 'colorPalette.fg',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: 'semibold',
  textTransform: 'uppercase',
});
// The email is the trigger's accessible name (WCAG 2.5.3: the name contains the visible text), so on
// narrow screens it is hidden visually only, never removed.
const email = css({
  position: { base: 'absolute', md: 'static' },
  width: { base: '1px', md: 'auto' },
  height: { base: '1px', md: 'auto' },
  clip: { base: 'rect(0, 0, 0, 0)', md: 'auto' },
  maxWidth: '48',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
const content = css({ minWidth: '56' });
const radioItem = css({ justifyContent: 'space-between' });

type Action = 'changePassword' | 'downloadRecording' | 'signOut';
const isAction = (v: string): v is Action => v === 'changePassword' || v === 'downloadRecording' || v === 'signOut';

export function UserMenu() {
  const { LL, locale } = useI18nContext();
  const { actors, recorder } = useAppShell();
  const navigate = useNavigate();
  const userEmail = useSelector(actors.account, (s) => s.context.userInfo?.email ?? '');
  const userName = useSelector(actors.account, (s) => s.context.userInfo?.name ?? '');
  const classes = menu();

  const onSelect = (value: string) => {
    if (!isAction(value)) return;
    switch (value) {
      case 'changePassword':
        navigate('/change-password');
        return;
      case 'downloadRecording':
        recorder?.download();
        return;
      case 'signOut':
        actors.session.send({ type: 'user.signOut' });
        return;
    }
  };

  return (
    <MenuRoot onSelect={(d) => onSelect(d.value)} positioning={{ placement: 'bottom-end' }}>
      <MenuTrigger className={trigger} data-testid="user-menu-trigger">
        <span className={avatar} aria-hidden="true">
          {(userName.trim() || userEmail).charAt(0)}
        </span>
        <UserText className={email} text={userEmail} />
        <ChevronDownIcon />
      </MenuTrigger>
      <MenuPortal>
        <MenuPositioner>
          <MenuContent className={content}>
            <MenuItemGroup>
              <MenuItemGroupLabel>{LL.layout.userMenu.globalSettings()}</MenuItemGroupLabel>
              <Menu.RadioItemGroup
                value={locale}
                onValueChange={(d) => actors.language.send({ type: 'user.choose', language: d.value as Language })}
                className={classes.itemGroup}
              >
                <Menu.ItemGroupLabel className={classes.itemGroupLabel}>{LL.layout.userMenu.language()}</Menu.ItemGroupLabel>
                {languages.map((l) => (
                  <Menu.RadioItem
                    key={l}
                    value={l}
                    closeOnSelect
                    className={cx(classes.item, radioItem)}
                    data-testid={`language-${l}`}
                    lang={l}
                  >
                    <Menu.ItemText className={classes.itemText}>{LL.common.languageName[l]()}</Menu.ItemText>
                    <Menu.ItemIndicator className={classes.itemIndicator}>
                      <CheckIcon />
                    </Menu.ItemIndicator>
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
            </MenuItemGroup>
            <MenuSeparator />
            <MenuItem value="changePassword" data-testid="user-menu-change-password">
              <MenuItemText>{LL.layout.userMenu.changePassword()}</MenuItemText>
            </MenuItem>
            {recorder ? (
              <MenuItem value="downloadRecording" data-testid="user-menu-download-recording">
                <MenuItemText>{LL.layout.userMenu.downloadRecording()}</MenuItemText>
              </MenuItem>
            ) : null}
            <MenuItem value="signOut" data-testid="user-menu-sign-out">
              <MenuItemText>{LL.layout.userMenu.signOut()}</MenuItemText>
            </MenuItem>
          </MenuContent>
        </MenuPositioner>
      </MenuPortal>
    </MenuRoot>
  );
}
