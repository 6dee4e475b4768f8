import { ApolloProvider } from '@apollo/client/react';
import { Outlet } from 'react-router';
import { apolloClient } from './apollo-client.ts';

/** Layout of the signed-in routes: gives them GraphQL. Loaded lazily to keep the landing page small. */
export function GraphqlOutlet() {
  return (
    <ApolloProvider client={apolloClient}>
      <Outlet />
    </ApolloProvider>
  );
}
