import { useCallback } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import type { GraphqlRecordingSettings } from '@story/proto';

/** The signed-in user's recording limit (seconds) and reply type. */
export const RECORDING_SETTINGS_QUERY: TypedDocumentNode<{ myRecordingSettings: GraphqlRecordingSettings }, Record<string, never>> = gql`
  query RecordingSettings {
    myRecordingSettings {
      timeLimit
      responseType
    }
  }
`;

/** Reads the user's recording limit (seconds) and reply type from the server (GraphQL `myRecordingSettings`). */
export function useFetchRecordingSettings(): () => Promise<{ timeLimit: number }> {
  const client = useApolloClient();
  return useCallback(async () => {
    const { data } = await client.query({ query: RECORDING_SETTINGS_QUERY, fetchPolicy: 'network-only' });
    if (!data) throw new Error('myRecordingSettings returned no data');
    return data.myRecordingSettings;
  }, [client]);
}
