import { isRouteErrorResponse, useRouteError } from 'react-router';
import { styled } from 'styled-components';
import { Button } from '../components/button.ts';
import { MAIN_CONTENT_ID } from '../chrome/skip-link.tsx';

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
    <Box id={MAIN_CONTENT_ID}>
      <h1>Something went wrong</h1>
      {detail && <p>{detail}</p>}
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </Box>
  );
}
