// The game page's state and actions (as lichess's round controller): the newest game state, the
// viewer's seat and token, the actions sent to the server, and a state taken only when it is
// newer and complete. The views draw from it (game_page.ts wires them). Its moves are written in
// the player's notation: a GET, the event stream and an action's answer ask for it; a join's
// answer does not take one, so the moves it shares with the page keep the page's text.
import { act, currentAccount, getGame } from '../../api/client';
import type { GameState, Side, VariantInfo } from '../../api/types';
import { errorText } from '../../model/error_words';
import { allPositions } from '../../model/game_state';
import { serverNotation } from '../../model/notations';
import { seatTokenKey } from '../../model/storage_keys';
import { myName } from '../../widgets/players';

export interface GameEvents {
  changed(before: number): void;   // a new state: `before` is how many moves the last one had
  error(message: string): void;    // '' clears it
  seated(): void;                  // the viewer took a seat (joined a challenge)
}

export class GameCtrl {
  me: Side | null;
  bottom: Side;   // the side shown at the bottom of the board
  rematchFollowed: boolean;
  drawDeclined = false;  // the viewer's draw offer was declined: gone with no move made, the game going on

  constructor(readonly id: string, readonly v: VariantInfo, public state: GameState, public token: string,
    readonly account: string | null, private events: GameEvents, public notation: string) {
    this.me = state.you ?? null;
    this.bottom = this.me ?? 'first';
    this.rematchFollowed = !!state.rematch?.game;  // an old game's rematch is offered, not followed
  }

  async send(verb: string, extra: object = {}) {
    this.events.error('');
    try {
      // The answer's moves in the player's notation, as the stream writes them (no flash of
      // engine text for the move just made).
      const own = this.notation === serverNotation(this.v.id);
      this.take(await act(this.id, verb, this.token, own ? extra : { ...extra, notation: this.notation }));
    } catch (e) {
      this.events.error(errorText(e));
      this.take(this.state);
    }
  }

  // `whole`: the first state of a (re)opened event stream, taken as it is: after a lost
  // connection the page resynchronises even if it meets a lower version (a restored database).
  take(next: GameState, whole = false) {
    const state = this.state;
    if (!whole && next.version !== undefined && state.version !== undefined && next.version < state.version) return;
    const positions = allPositions(next, state);
    if (!positions) {
      // A state that carries only its last positions, after one this page missed: ask for all.
      getGame(this.id, this.token, this.notation).then((g) => this.take(g), (e) => this.events.error(errorText(e)));
      return;
    }
    this.noteDrawDeclined(state, next);
    this.state = { ...next, positions, positions_from: 0, you: this.me };
    this.events.changed(state.moves.length);
  }

  // A draw offer of the viewer's gone while the game goes on and nobody moved: the opponent declined
  // it (the server says no more; lichess shows the same). Said until the next move or offer.
  private noteDrawDeclined(was: GameState, next: GameState) {
    if (this.me && was.draw_offer === this.me && !next.draw_offer && next.status === 'playing' && next.ply === was.ply) this.drawDeclined = true;
    else if (next.ply !== was.ply || next.draw_offer || next.status !== 'playing') this.drawDeclined = false;
  }

  async join() {
    this.events.error('');
    try {
      const g = await act(this.id, 'join', '', { name: await myName() });
      // Logged in, the session is the seat: no token is kept.
      if (g.token && !(await currentAccount())) {
        this.token = g.token;
        localStorage.setItem(seatTokenKey(this.id), this.token);
      }
      this.me = g.you ?? null;
      this.bottom = this.me ?? 'first';
      this.events.seated();
      this.take(this.ownNotation(g));
    } catch (e) {
      this.events.error(errorText(e));
    }
  }

  // A join's answer with the page's text for the moves the page has; a new move stays as the
  // server gave it (its move text) until the stream's state, a moment later, writes it.
  private ownNotation(next: GameState): GameState {
    if (this.notation === serverNotation(this.v.id)) return next;
    const had = this.state.moves;
    let n = 0;
    while (n < next.moves.length && n < had.length && next.moves[n] === had[n]) n++;
    return { ...next, notation: [...this.state.notation.slice(0, n), ...next.moves.slice(n)] };
  }

  goToRematch(newId: string) {
    if (this.token && this.me) localStorage.setItem(seatTokenKey(newId), this.token);
    location.href = `/g/${newId}`;
  }

  // Both players follow an agreed rematch; spectators get the button.
  followRematch() {
    const next = this.state.rematch?.game;
    if (next && this.me && !this.rematchFollowed) {
      this.rematchFollowed = true;
      this.goToRematch(next);
    }
  }
}
