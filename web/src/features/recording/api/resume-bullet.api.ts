import { useState } from 'react';
import { resumeResponseSchema, type ResumeBulletRef } from '@story/proto';
import { httpClient } from '../../../api/http-client.ts';
import { useAsyncEffect } from '../../../hooks/use-async-effect.ts';
import { bulletTextOf } from '../lib/resume-bullet.ts';

/**
 * The words of the résumé bullet whose story is told (`GET /api/resumes/{id}`), for the banner; null
 * until they come, and when they cannot (the coach's opening names the line anyway).
 */
export function useResumeBulletText(bullet: ResumeBulletRef | null): string | null {
  const [text, setText] = useState<string | null>(null);
  const resumeId = bullet?.resumeId;
  const bulletId = bullet?.bulletId;
  useAsyncEffect(
    () =>
      resumeId === undefined || bulletId === undefined
        ? null
        : httpClient
            .get(`/api/resumes/${resumeId}`, { parse: (data) => resumeResponseSchema.parse(data) })
            .then(({ resume }) => bulletTextOf(resume, { resumeId, bulletId })),
    {
      onSuccess: setText,
      onError: (error: unknown) => {
        console.error('The résumé line could not be read for its banner', error);
        setText(null);
      },
    },
    [resumeId, bulletId],
  );
  return text;
}
