import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { PRODUCT_NAME } from '@story/proto/messages/common';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '../../auth/auth-context.tsx';
import { theme } from '../../theme.ts';
import { DEMO_STEPS } from './demo-steps.ts';
import { LandingPage } from './landing.page.tsx';

function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('LandingPage', () => {
  const html = renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <AuthProvider>
        <MemoryRouter>
          <LandingPage />
        </MemoryRouter>
      </AuthProvider>
    </ThemeProvider>,
  );
  const words = text(html);

  it('shows the hero, Get Started to /signup and a Watch Demo button', () => {
    expect(words).toContain('Your story is more than just a resume');
    expect(html).toMatch(/<a [^>]*href="\/signup"[^>]*>Get Started<\/a>/);
    expect(html).toMatch(/<button [^>]*type="button"[^>]*>Watch Demo<\/button>/);
  });

  it('has Watch Demo open a walkthrough of a sample conversation (closed until asked)', () => {
    expect(html).toMatch(/<button [^>]*aria-haspopup="dialog"[^>]*>Watch Demo<\/button>/);
    expect(html).toMatch(/<dialog [^>]*aria-labelledby="[^"]+"/);
    expect(html).not.toMatch(/<dialog [^>]*\sopen/);
    expect(words).toContain('A sample conversation');
    expect(words).toContain(`Step 1 of ${DEMO_STEPS.length}`);
    // The sample is a conversation: the person and the coach take turns.
    expect(DEMO_STEPS.map((step) => step.said.by)).toEqual(['you', 'coach', 'you', 'coach']);
  });

  it('names the product, offers "Sign in" to returning visitors and links the Terms and Privacy Policy', () => {
    expect(words).toContain(PRODUCT_NAME);
    expect(html).toMatch(/<a [^>]*href="\/signup\?step=login"[^>]*>Sign in<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/terms"[^>]*>Terms of Service<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/privacy"[^>]*>Privacy Policy<\/a>/);
  });

  it('gives every plan a way to start: sign-up with that plan chosen (issue 21)', () => {
    for (const [plan, userType] of [
      ['Starter', 'standard'],
      ['Essentials', 'plus'],
      ['Pro', 'pro'],
    ])
      expect(html).toMatch(new RegExp(`<a [^>]*href="/signup\\?plan=${userType}"[^>]*>Choose ${plan}</a>`));
  });

  it('shows the three plans with prices and contents', () => {
    expect(words).toContain('Choose your plan');
    expect(words).toContain("Start for free, upgrade when you're ready");
    expect(words).toContain('Starter $5 per month');
    expect(words).toContain('Essentials $8 per month');
    expect(words).toContain('Pro $12 per month');
    expect(words).toContain('Limit of 120 minutes per month');
    expect(words).toContain('Everything in Starter');
    expect(words).toContain('LinkedIn-style profiles and personal websites');
  });
});
