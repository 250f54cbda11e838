// The tournament page's state and actions: the newest event (its stream sends the whole of it at
// every change), the viewer's account and place in it, Join, Withdraw and Start. The view
// (tournament_page.ts) draws from it and is told to draw again.
import { getTournament, tournamentAction } from '../../api/client';
import { followEvents } from '../../api/event_stream';
import type { TournamentEvent } from '../../api/types';
import { tournamentEventsUrl } from '../../api/urls';
import { t } from '../../i18n';
import { errorText } from '../../model/error_words';
import { canBerserk, currentGameOf, playsIn, standingOf } from '../../model/tournaments';

export class TournamentCtrl {
  error = '';
  lost = '';  // the stream's state while it is down ('' while live)

  constructor(public event: TournamentEvent, readonly account: string | null, private redraw: () => void) {
    this.take(event);
  }

  // The viewer plays in it (joined and not withdrawn).
  get playing(): boolean { return !!this.account && playsIn(this.event, this.account); }
  // The viewer withdrew from it.
  get withdrawn(): boolean { return !!this.account && !!standingOf(this.event, this.account)?.withdrawn; }
  // The viewer made it (names ignore case, as accounts' do): Start is theirs.
  get made(): boolean { return !!this.account && this.account.toLowerCase() === this.event.creator.toLowerCase(); }
  // The viewer's game of the round, being played.
  get yourGame(): string | null { return this.account ? currentGameOf(this.event, this.account) : null; }
  get full(): boolean { return this.event.standings.filter((s) => !s.withdrawn).length >= this.event.max_players; }
  // Join is offered while the event takes players: before a round robin starts, until any other ends.
  get canJoin(): boolean {
    const e = this.event;
    return !!this.account && !this.playing && !this.full && (e.status === 'created' || (e.status === 'started' && e.kind !== 'round-robin'));
  }

  take(e: TournamentEvent) {
    this.event = e;
    this.redraw();
  }

  // An arena's player may still halve their time in their game under way.
  get canBerserk(): boolean { return !!this.account && canBerserk(this.event, this.account); }

  async act(verb: 'join' | 'withdraw' | 'start' | 'berserk') {
    this.error = '';
    try {
      const answer = await tournamentAction(this.event.id, verb);
      this.take('standings' in answer ? answer : await getTournament(this.event.id));
    } catch (e) {
      this.error = errorText(e);
      this.redraw();
    }
  }

  // The event live for as long as the page lives; a lost stream is said and tried again.
  follow() {
    followEvents(tournamentEventsUrl(this.event.id), {
      onEvent: (name, data) => { if (name === 'tournament') this.take(JSON.parse(data)); },
      onLost: (retryIn) => {
        this.lost = retryIn >= 2000 ? t('game.lostIn', { count: Math.round(retryIn / 1000) }) : t('game.lost');
        this.redraw();
      },
      onBack: () => {
        this.lost = '';
        this.redraw();
      },
      onRefused: (error) => {
        this.lost = t('game.noLive', { message: errorText(error) });
        this.redraw();
      },
    });
  }
}
