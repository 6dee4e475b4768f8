import { styled, css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link';
export interface ButtonStyleProps {
  $variant?: ButtonVariant;
  $block?: boolean;
  $size?: 'md' | 'lg';
}

/**
 * Shared button look. Native `disabled` or `aria-disabled="true"` both render as unavailable; the
 * latter keeps the button focusable and clickable so a form can explain what is missing.
 */
export const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: ${({ $size }) => ($size === 'lg' ? '48px' : '40px')};
  padding: 0 ${({ theme, $size }) => ($size === 'lg' ? theme.space.lg : theme.space.md)};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid transparent;
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-decoration: none;
  cursor: pointer;
  transition:
    background-color 120ms ease,
    border-color 120ms ease,
    color 120ms ease;

  ${({ $variant = 'primary', theme }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.colors.primary};
          color: ${theme.colors.onPrimary};
          &:hover:not(:disabled):not([aria-disabled='true']) {
            background: ${theme.colors.primaryHover};
          }
        `;
      case 'secondary':
        return css`
          background: ${theme.colors.surface};
          color: ${theme.colors.text};
          border-color: ${theme.colors.borderStrong};
          &:hover:not(:disabled):not([aria-disabled='true']) {
            background: ${theme.colors.surfaceMuted};
          }
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.colors.text};
          &:hover:not(:disabled):not([aria-disabled='true']) {
            background: ${theme.colors.surfaceMuted};
          }
        `;
      case 'link':
        return css`
          background: transparent;
          color: ${theme.colors.primary};
          min-height: auto;
          padding: 0;
          font-weight: 500;
          &:hover:not(:disabled):not([aria-disabled='true']) {
            text-decoration: underline;
          }
        `;
    }
  }}

  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export const Button = styled.button.attrs<{ type?: 'button' | 'submit' | 'reset' }>((props) => ({
  type: props.type ?? 'button',
}))<ButtonStyleProps>`
  ${buttonStyles}
`;
