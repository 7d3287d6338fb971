/**
 * Live uniqueness check while typing (spec §5): debounced, only for values that already pass the
 * local rules, answered by the gateway's scan endpoints.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { useDebouncedValue } from './useDebouncedValue';

/** `unchecked`: the check failed (network, rate limit); the server checks again on submit. */
export type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'unchecked';
const DEBOUNCE_MS = 400;

function scan(kind: 'name' | 'email', value: string): Promise<{ valid: boolean }> {
  return kind === 'name'
    ? api<{ valid: boolean }>('GET', `/api/brands/scan-valid-name?${new URLSearchParams({ name: value }).toString()}`)
    : api<{ valid: boolean }>('POST', '/api/brands/scan-valid-email', { email: value });
}

export function useAvailability(kind: 'name' | 'email', value: string, locallyValid: boolean): Availability {
  const trimmed = value.trim();
  const debounced = useDebouncedValue(trimmed, DEBOUNCE_MS);
  const normalised = kind === 'email' ? debounced.toLowerCase() : debounced;
  const enabled = locallyValid && debounced === trimmed && debounced.length > 0;
  const query = useQuery({
    queryKey: ['scan', kind, normalised],
    queryFn: () => scan(kind, normalised),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
  if (!locallyValid || trimmed.length === 0) return 'idle';
  if (debounced !== trimmed || query.isFetching) return 'checking';
  if (query.isError) return 'unchecked';
  if (query.data) return query.data.valid ? 'available' : 'taken';
  return 'idle';
}
