// Where a new seat's token goes: a player who is logged in plays with the session, so the page
// keeps no token; one who is not keeps it in this browser, never in the address bar.
import { createGame, currentAccount } from '../api/client';
import { inviteKey, seatTokenKey } from '../model/storage_keys';

export async function keepSeatToken(id: string, token?: string) {
  if (token && !(await currentAccount())) localStorage.setItem(seatTokenKey(id), token);
}

// Creates the game `spec` describes (docs/api.md, "Games") and goes to its page, keeping the
// tokens the answer brings.
export async function startGame(spec: Record<string, unknown>) {
  const g = await createGame(spec);
  await keepSeatToken(g.id, g.token);
  if (g.opponent_token) localStorage.setItem(inviteKey(g.id), g.opponent_token);
  location.href = `/g/${g.id}`;
}
