// shogiground's names for a variant's pieces: a role per SFEN token ("+P" is "t-xp", model/pieces.ts),
// the tokens back, and which role promotes to which (and back, for a piece captured to hand).
import type { VariantInfo } from '../api/types';
import { roleOf } from '../model/pieces';

export function shogiRoles(v: VariantInfo) {
  const tokenOfRole = new Map(v.kinds.map((k) => [roleOf(k.token), k.token]));
  const promoted = new Map(v.kinds.filter((k) => k.promotes_to).map((k) => [roleOf(k.token), roleOf(k.promotes_to)]));
  const demoted = new Map([...promoted].map(([a, b]) => [b, a]));
  return {
    tokenOfRole,
    promoted,
    // SFEN letters to roles and back, the board's pieces only.
    forsyth: {
      fromForsyth: (s: string) => (tokenOfRole.has(roleOf(s)) ? roleOf(s) : undefined),
      toForsyth: (r: string) => tokenOfRole.get(r)?.toLowerCase(),
    },
    // The order of the roles is the order getHandsSfen writes them: the server's.
    hands: { roles: v.hand_kinds.map(roleOf) },
    promotesTo: (r: string) => promoted.get(r),
    unpromotesTo: (r: string) => demoted.get(r),
  };
}
