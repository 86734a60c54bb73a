/** Shown when a page fails to load or throws (e.g. a chunk missing after a deploy). */
import { Alert, Center } from '@mantine/core';
import { useRouteError } from 'react-router-dom';

export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Center p="xl">
      <Alert color="red" maw={600}>
        {message}
      </Alert>
    </Center>
  );
}
