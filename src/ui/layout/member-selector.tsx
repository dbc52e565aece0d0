/**
 * Header member selector (SPEC §2 Layout, §4 Selected member, §6): whose data the screens show.
 * Enabled only with the memberSelect.query permission of the user's real role and while the
 * selected-member machine allows choosing (tag `canSelect`); a choice is `user.select`, which the
 * selected-member actor announces to the whole app system (`member.selected`). The user and the
 * members come from the account actor.
 * Test ids: member-selector (trigger), member-option-<userId>.
 */
import { createListCollection, type ListCollection } from '@ark-ui/react/select';
import { Portal } from '@ark-ui/react/portal';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from '../../../styled-system/css';
import { hasRolePermission } from '../../contract/roles';
import { selectMembers, selectUser } from '../../machines/account.machine';
import type { WorkspaceMember } from '../../contract/workspace';
import { useI18nContext } from '../../i18n/i18n-react';
import { useAppActors } from '../app-actors';
import {
  SelectContent,
  SelectControl,
  SelectIndicator,
  SelectItem,
  SelectItemIndicator,
  SelectItemText,
  SelectLabel,
  SelectPositioner,
  SelectRoot,
  SelectTrigger,
  SelectValueText,
} from '../components/select';
import { sensitive } from '../components/sensitive';
import { isolatedText } from '../components/visible-text';
import { CheckIcon, ChevronDownIcon } from './icons';

type Option = { value: string; label: string };

const root = css({ width: { base: '40', md: '56' } });
const visuallyHidden = css({ srOnly: true });
const valueText = css({ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: '0' });

/**
 * Joined members, the user first; the user is listed even when the member list is not loaded.
 * Names are the members' own text: each label holds it isolated with its bidi controls shown
 * (`isolatedText`, docs/security.md "User text on screen"), as the select shows labels as strings.
 */
export const memberOptions = (
  selfId: string,
  selfName: string,
  members: readonly WorkspaceMember[],
  selfLabel: (name: string) => string,
): Option[] => {
  const others = members
    .filter((m) => m.status === 'joined' && m.userId !== selfId)
    .map((m) => ({ value: m.userId, label: isolatedText(m.name.trim() || m.email) }));
  return [{ value: selfId, label: selfLabel(isolatedText(selfName)) }, ...others];
};

export function MemberSelector() {
  const { LL } = useI18nContext();
  const { account, selectedMember } = useAppActors();
  const userInfo = useSelector(account, selectUser);
  const members = useSelector(account, selectMembers);
  const selectedId = useSelector(selectedMember, (s) => s.context.selectedId);
  const canSelect = useSelector(selectedMember, (s) => s.hasTag('canSelect'));

  const options = useMemo(
    () =>
      userInfo
        ? memberOptions(userInfo.userId, userInfo.name.trim() || userInfo.email, members, (name) => LL.layout.memberSelector.self({ name }))
        : [],
    [userInfo, members, LL],
  );
  const collection = useMemo(
    () => createListCollection<Option>({ items: options, itemToString: (o) => o.label, itemToValue: (o) => o.value }),
    [options],
  );
  if (!userInfo) return null;

  const permitted = hasRolePermission(userInfo.roles, 'memberSelect.query');
  const enabled = permitted && canSelect;
  const value = selectedId ?? userInfo.userId;

  return (
    <SelectRoot
      className={root}
      size="sm"
      // The style-context wrapper drops Select.Root's item generic; the items are still Option.
      collection={collection as unknown as ListCollection<unknown>}
      value={[value]}
      onValueChange={(d) => {
        const userId = d.value[0];
        if (userId) selectedMember.send({ type: 'user.select', userId });
      }}
      disabled={!enabled}
      positioning={{ sameWidth: true }}
      title={enabled ? undefined : LL.layout.memberSelector.noPermission()}
    >
      <SelectLabel className={visuallyHidden}>{LL.layout.memberSelector.label()}</SelectLabel>
      <SelectControl>
        <SelectTrigger data-testid="member-selector">
          <SelectValueText className={valueText} {...sensitive} />
          <SelectIndicator>
            <ChevronDownIcon />
          </SelectIndicator>
        </SelectTrigger>
      </SelectControl>
      <Portal>
        <SelectPositioner>
          <SelectContent>
            {options.map((o) => (
              <SelectItem key={o.value} item={o} data-testid={`member-option-${o.value}`}>
                <SelectItemText {...sensitive}>{o.label}</SelectItemText>
                <SelectItemIndicator>
                  <CheckIcon />
                </SelectItemIndicator>
              </SelectItem>
            ))}
          </SelectContent>
        </SelectPositioner>
      </Portal>
    </SelectRoot>
  );
}
