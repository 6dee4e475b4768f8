import { isRouteErrorResponse, useRouteError } from 'react-router';
import { styled } from 'styled-components';
import { Button } from './button.ts';

const Box = styled.main`
  max-width: 560px;
  margin: 15vh auto 0;
  padding: ${({ theme }) => theme.space.lg};
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  text-align: center;
  justify-items: center;
`;

/** Shown when a page fails to render or its code cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status}: ${error.statusText}` : error instanceof Error ? error.message : '';
  return (
    <Box>
      <h1>Something went wrong</h1>
      {detail && <p>{detail}</p>}
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </Box>
  );
}
