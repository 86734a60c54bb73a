/**
 * Answers to one kind of request (a list's page, a company search) may come back in any order: a
 * slow answer to an earlier query must not replace the newer one the user asked for. `latest`
 * gives the answer of the newest request only; an older one answers undefined, and its error is
 * dropped too (nobody waits for it any more).
 */
import { useState } from 'react';

export type Latest = <T>(answer: Promise<T>) => Promise<{ value: T } | undefined>;

export function createLatest(): Latest {
  let newest = 0;
  return async <T,>(answer: Promise<T>) => {
    const mine = (newest += 1);
    try {
      const value = await answer;
      return mine === newest ? { value } : undefined;
    } catch (error) {
      if (mine === newest) throw error;
      return undefined;
    }
  };
}

/** One `latest` for the life of a component. */
export const useLatest = (): Latest => useState(createLatest)[0];
