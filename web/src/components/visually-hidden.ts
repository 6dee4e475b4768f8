import { css, styled } from 'styled-components';

/** Hides an element from sight but not from assistive technology. */
export const visuallyHiddenStyles = css`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

/** Text for assistive technology only (names a control without showing the words twice). */
export const VisuallyHidden = styled.span`
  ${visuallyHiddenStyles}
`;
