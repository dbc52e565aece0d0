import { Portal } from '@ark-ui/react/portal';
import { Select, createListCollection, type ListCollection } from '@ark-ui/react/select';
import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { createStyleContext } from '../../../styled-system/jsx';
import { select } from '../../../styled-system/recipes';

const { withProvider, withContext } = createStyleContext(select);

/** Ark Select parts with Park UI's select recipe (`variant` 'outline' | 'ghost', `size` 'sm' | 'md' | 'lg' on SelectRoot). */
export const SelectRoot = withProvider(Select.Root, 'root');
export const SelectLabel = withContext(Select.Label, 'label');
export const SelectControl = withContext(Select.Control, 'control');
export const SelectTrigger = withContext(Select.Trigger, 'trigger');
export const SelectValueText = withContext(Select.ValueText, 'valueText');
export const SelectIndicator = withContext(Select.Indicator, 'indicator');
export const SelectPositioner = withContext(Select.Positioner, 'positioner');
export const SelectContent = withContext(Select.Content, 'content');
export const SelectItem = withContext(Select.Item, 'item');
export const SelectItemText = withContext(Select.ItemText, 'itemText');
export const SelectItemIndicator = withContext(Select.ItemIndicator, 'itemIndicator');
export const SelectItemGroup = withContext(Select.ItemGroup, 'itemGroup');
export const SelectItemGroupLabel = withContext(Select.ItemGroupLabel, 'itemGroupLabel');
export const SelectHiddenSelect = Select.HiddenSelect;
export { createListCollection };

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SimpleSelectProps {
  label: ReactNode;
  options: SelectOption[];
  /** Selected value ('' for none). */
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  size?: 'sm' | 'md' | 'lg';
  name?: string;
  /** Keeps the label for assistive technology only (e.g. in a table cell under its column header). */
  hideLabel?: boolean;
  'data-testid'?: string;
}

function ChevronIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

const visuallyHidden = css({ srOnly: true });

/** Single-value select with a label; keyboard and typeahead from Ark. */
export function SimpleSelect({ label, options, value, onValueChange, placeholder, disabled, size = 'md', name, hideLabel = false, ...rest }: SimpleSelectProps) {
  const collection = createListCollection({
    items: options,
    itemToString: (item) => item.label,
    itemToValue: (item) => item.value,
    isItemDisabled: (item) => item.disabled === true,
  });
  return (
    <SelectRoot
      // The style-context wrapper drops Select.Root's item generic; the items are still SelectOption.
      collection={collection as unknown as ListCollection<unknown>}
      value={value ? [value] : []}
      onValueChange={(details) => onValueChange(details.value[0] ?? '')}
      disabled={disabled}
      name={name}
      size={size}
      positioning={{ sameWidth: true }}
    >
      <SelectLabel className={hideLabel ? visuallyHidden : undefined}>{label}</SelectLabel>
      <SelectControl>
        <SelectTrigger data-testid={rest['data-testid']}>
          <SelectValueText placeholder={placeholder} />
          <SelectIndicator>
            <ChevronIcon />
          </SelectIndicator>
        </SelectTrigger>
      </SelectControl>
      <Portal>
        <SelectPositioner>
          <SelectContent>
            {collection.items.map((item) => (
              <SelectItem key={item.value} item={item}>
                <SelectItemText>{item.label}</SelectItemText>
                <SelectItemIndicator>
                  <CheckIcon />
                </SelectItemIndicator>
              </SelectItem>
            ))}
          </SelectContent>
        </SelectPositioner>
      </Portal>
      <SelectHiddenSelect />
    </SelectRoot>
  );
}
