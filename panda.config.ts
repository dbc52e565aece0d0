import { defineConfig } from '@pandacss/dev';
import { createPreset } from '@park-ui/panda-preset';
import teal from '@park-ui/panda-preset/colors/teal';
import sand from '@park-ui/panda-preset/colors/sand';

/**
 * Accessible colours (WCAG 2.1 AA, 1.4.3: text at least 4.5:1 against its background), fixed here
 * once for every screen instead of screen by screen:
 * - Park UI's teal step 9 (#12a594) under white text is 3.1:1, so the solid accent (primary
 *   buttons, checked boxes, the selected page) uses a darker teal: white on #00766a is 5.5:1,
 *   on the hover shade #006d61 6.3:1. Both modes: white text sits on it in both.
 * - Accent text (links, outline buttons) #006d61: 6.3:1 on white, 5.8:1 on the accent tint a2.
 * - `fg.subtle` (sand 10, 3.9:1 on white) takes gray (sand) 11 (6.0:1 on white, 4.9:1 on bg.emphasized);
 *   `fg.muted` goes a shade darker (#56564f: 7.3:1 on white, 6.0 on bg.emphasized) so muted text
 *   on tinted panels and headers still passes.
 * - `fg.error` (red 9, 3.9:1 on white: form errors, alert titles) takes red 11 (5.2:1 on white).
 * - Park UI's recipes name an `accent` palette (outline buttons' selected state, tree view) that the
 *   preset never defines; it is the teal accent here.
 */
const accentSolid = { value: { _light: '#00766a', _dark: '#00766a' } };
const accentHover = { value: { _light: '#006d61', _dark: '#006d61' } };
const accentText = { value: { _light: '#006d61', _dark: '{colors.teal.dark.11}' } };

export default defineConfig({
  preflight: true,
  presets: [createPreset({ accentColor: teal, grayColor: sand, radius: 'md' })],
  theme: {
    extend: {
      slotRecipes: {
        // A plain translucent scrim behind dialogs and drawers, without the preset's backdrop blur:
        // where the page is composited in software (virtual machines, remote desktops, browsers
        // without GPU acceleration) the blur redrew the whole window for every frame of anything
        // moving in a dialog, about 40 ms each in headless Chromium here, on the same cores as the
        // work the dialog waits for (an import file's parse).
        dialog: { base: { backdrop: { backdropFilter: 'none' } } },
        drawer: { base: { backdrop: { backdropFilter: 'none' } } },
        // Floating layers (a menu, a select's list, a date picker's calendar) open above whatever
        // opened them, a dialog ('modal') or the filters popover included: the preset's 'dropdown'
        // layer sits under dialogs, so a calendar opened in the lead form was hidden behind it.
        // (The positioner takes its content's z-index.)
        menu: { base: { content: { zIndex: 'popover' }, positioner: { zIndex: 'popover' } } },
        select: { base: { content: { zIndex: 'popover' } } },
        datePicker: { base: { content: { zIndex: 'popover' } } },
        combobox: { base: { content: { zIndex: 'popover' } } },
      },
      recipes: {
        button: {
          base: {
            // A button that becomes unavailable looks so at once, with no fade during which it still
            // looks clickable (becoming available again still fades in). The fade also drew frames
            // while the work that disabled the button ran: choosing an import file disables Next, and
            // its fade cost the parse in the worker about 90 ms (headless Chromium, two cores).
            _disabled: { transitionProperty: 'none' },
          },
        },
      },
      semanticTokens: {
        colors: {
          teal: { default: accentSolid, emphasized: accentHover, text: accentText },
          accent: {
            default: accentSolid,
            emphasized: accentHover,
            fg: { value: { _light: 'white', _dark: 'white' } },
            text: accentText,
            a2: { value: { _light: '{colors.teal.light.a2}', _dark: '{colors.teal.dark.a2}' } },
            a4: { value: { _light: '{colors.teal.light.a4}', _dark: '{colors.teal.dark.a4}' } },
          },
          fg: {
            muted: { value: { _light: '#56564f', _dark: '{colors.gray.dark.11}' } },
            subtle: { value: { _light: '{colors.gray.light.11}', _dark: '{colors.gray.dark.11}' } },
            error: { value: { _light: '{colors.red.light.11}', _dark: '{colors.red.dark.11}' } },
          },
        },
      },
    },
  },
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  jsxStyleProps: 'minimal',
  outdir: 'styled-system',
});
