import { PRODUCT_NAME } from '@story/proto/messages/common';
import { Link } from 'react-router';
import { css, styled } from 'styled-components';
import { LogoMark } from '../components/icons.tsx';
import { visuallyHiddenStyles } from '../components/visually-hidden.ts';

const brandStyles = css<{ $compact: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 800;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  letter-spacing: -0.01em;
  text-decoration: none;
  white-space: nowrap;

  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.primary};
  }

  /* On a narrow header the mark alone stands for the name, which stays for screen readers. */
  ${({ $compact, theme }) =>
    $compact &&
    css`
      @media (max-width: ${theme.breakpoints.sm}) {
        .brand-name {
          ${visuallyHiddenStyles}
        }
      }
    `}
`;

const BrandLink = styled(Link)<{ $compact: boolean }>`
  ${brandStyles}
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const BrandText = styled.span<{ $compact: boolean }>`
  ${brandStyles}
`;

export interface BrandProps {
  /** Where the mark leads; without it the brand is only a name (the signed-in header has Home). */
  to?: string;
  /** Shows only the mark on phones, where the header has no room for the name. */
  compact?: boolean;
}

/** The product's mark and name. */
export function Brand({ to, compact = false }: BrandProps) {
  const content = (
    <>
      <LogoMark />
      <span className="brand-name">{PRODUCT_NAME}</span>
    </>
  );
  if (to) {
    return (
      <BrandLink to={to} $compact={compact}>
        {content}
      </BrandLink>
    );
  }
  return <BrandText $compact={compact}>{content}</BrandText>;
}
