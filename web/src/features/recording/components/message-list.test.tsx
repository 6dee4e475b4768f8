import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../theme.ts';
import { savedMessages } from '../../../voice/lib/conversation-messages.ts';
import { MessageList } from './message-list.tsx';

const MESSAGES = savedMessages([
  { id: '41', userMessage: 'I joined the team.', aiResponse: 'Go on.', timestamp: '2025-01-01T10:00:00.000Z' },
  { id: '42', userMessage: 'I led the migration.', aiResponse: 'What was hard?', timestamp: '2025-01-01T10:01:00.000Z' },
]);

/** As in the app: inside Apollo's provider (an answer's feedback is read through it), with no link, since nothing is read here. */
const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });

const render = (focusedId: string | null) =>
  renderToStaticMarkup(
    <ApolloProvider client={client}>
      <ThemeProvider theme={theme}>
        <MessageList messages={MESSAGES} pendingText={null} processingLabel="Processing..." focusedId={focusedId} />
      </ThemeProvider>
    </ApolloProvider>,
  );

describe('MessageList', () => {
  it('gives each saved exchange an anchor and marks the one a search result opened the thread at', () => {
    const html = render('42');
    expect(html).toMatch(/<li[^>]*id="message-41"(?![^>]*aria-current)[^>]*>/);
    expect(html).toMatch(/<li[^>]*id="message-42"[^>]*aria-current="true"[^>]*>/);
  });

  it('marks none when opened at no message, or at one it does not have', () => {
    expect(render(null)).not.toContain('aria-current');
    expect(render('99')).not.toContain('aria-current');
  });
});
