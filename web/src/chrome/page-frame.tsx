import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { SiteFooter } from './site-footer.tsx';

const Frame = styled.div`
  min-height: 100vh;
  display: grid;
  grid-template-rows: auto 1fr auto;
  grid-template-columns: minmax(0, 1fr);
`;

/** A whole page: its header, its main content filling the window, and the site footer at the foot. */
export function PageFrame({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <Frame>
      {header}
      {children}
      <SiteFooter />
    </Frame>
  );
}
