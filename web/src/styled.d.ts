import 'styled-components';
import type { Theme } from './theme.ts';

declare module 'styled-components' {
  // Typed `props.theme` everywhere: the one theme object is the default theme.
  export interface DefaultTheme extends Theme {}
}
