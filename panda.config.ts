import { defineConfig } from '@pandacss/dev';
import { createPreset } from '@park-ui/panda-preset';
import teal from '@park-ui/panda-preset/colors/teal';
import sand from '@park-ui/panda-preset/colors/sand';

export default defineConfig({
  preflight: true,
  presets: [createPreset({ accentColor: teal, grayColor: sand, radius: 'md' })],
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  jsxStyleProps: 'minimal',
  outdir: 'styled-system',
});
