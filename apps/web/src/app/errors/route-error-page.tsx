import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageTitle } from '../page-title';
import { ErrorReport, RENDER_ERROR_MESSAGE } from './error-report';
import { NotFoundPage } from './not-found-page';

/** The router's error element: a failed lazy load, a page that threw, or a 404 response. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <>
      <PageTitle override={RENDER_ERROR_MESSAGE.split('.')[0]} />
      <ErrorReport error={error} />
    </>
  );
}
