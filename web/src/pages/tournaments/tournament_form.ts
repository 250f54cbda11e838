// The tournaments page's form for a new event (docs/api.md, POST /api/tournaments): its kind, game
// and rule options, clock (the new-game form's choices, model/clock.ts, bar no clock, and days per
// move bar an arena), rated or casual, its length (an arena's minutes, a Swiss's rounds, a round
// robin single or double; by correspondence the days to play a round or all the games), start time,
// most players and name. The creator joins it too unless
// they say not; its page offers Start to its creator (the event names them).
import { createTournament, tournamentAction } from '../../api/client';
import type { TournamentKind, VariantInfo } from '../../api/types';
import { t } from '../../i18n';
import { clockSpec, timeControls } from '../../model/clock';
import { errorText } from '../../model/error_words';
import { gameName } from '../../model/games';
import { KINDS, kindHint, kindName } from '../../model/tournaments';
import { h, oneAtATime } from '../../widgets/dom';
import { ruleOptionControls } from '../../widgets/rule_options';

const number = (name: string, min: number, max: number, value: number) =>
  h('input', { type: 'number', name, min: String(min), max: String(max), value: String(value), class: 'short', 'data-testid': `tournament-${name}` }) as HTMLInputElement;

// A datetime-local input's value for `ms`, in the reader's time zone: "2026-12-07T19:30".
function localTime(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60000);
  return d.toISOString().slice(0, 16);
}

// The fields that depend on the kind: the length, the most players (a round robin's 8 of 16) and,
// by correspondence (`byPost`), the days to play a Swiss's round or all of a round robin's games.
function kindFields(kind: () => TournamentKind, byPost: () => boolean) {
  const minutes = number('minutes', 5, 1440, 60), rounds = number('rounds', 1, 20, 5), most = number('max_players', 2, 100, 100);
  const days = number('deadline_days', 1, 365, 14);
  const daysWords = h('span', {});
  const double = h('input', { type: 'checkbox', name: 'double', 'data-testid': 'tournament-double' }) as HTMLInputElement;
  const labels = {
    minutes: h('label', {}, `${t('tournaments.minutes')} `, minutes),
    rounds: h('label', {}, `${t('tournaments.rounds')} `, rounds),
    double: h('label', { class: 'check' }, double, ` ${t('tournaments.double')}`),
    days: h('label', {}, daysWords, ' ', days),
  };
  let wasKind = '';
  const show = () => {
    const k = kind();
    labels.minutes.hidden = k !== 'arena';
    labels.rounds.hidden = k !== 'swiss';
    labels.double.hidden = k !== 'round-robin';
    labels.days.hidden = k === 'arena' || !byPost();
    daysWords.textContent = t(k === 'swiss' ? 'tournaments.deadlineRound' : 'tournaments.deadlineAll');
    if (k === wasKind) return;  // a new clock keeps what was typed
    wasKind = k;
    most.max = k === 'round-robin' ? '16' : '100';
    most.value = k === 'round-robin' ? '8' : '100';
    days.value = k === 'swiss' ? '14' : '30';
  };
  const spec = () => {
    const k = kind();
    return {
      max_players: Number(most.value),
      ...(k === 'arena' ? { minutes: Number(minutes.value) } : k === 'swiss' ? { rounds: Number(rounds.value) } : { double: double.checked }),
      ...(k !== 'arena' && byPost() ? { deadline_days: Number(days.value) } : {}),
    };
  };
  return { labels, most: h('label', {}, `${t('tournaments.maxPlayers')} `, most), show, spec };
}

export function tournamentForm(all: VariantInfo[]): HTMLElement {
  const kind = h('select', { name: 'kind', 'data-testid': 'tournament-kind' }, ...KINDS.map((k) => h('option', { value: k }, kindName(k)))) as HTMLSelectElement;
  const kindHintLine = h('p', { class: 'hint' });
  const game = h('select', { name: 'game', 'data-testid': 'tournament-game' }, ...all.map((v) => h('option', { value: v.id }, gameName(v.id)))) as HTMLSelectElement;
  const clock = h('select', { name: 'clock', 'data-testid': 'tournament-clock' }) as HTMLSelectElement;
  const ruleBox = h('div', {});
  let rules = ruleOptionControls(game.value);
  const rated = h('input', { type: 'checkbox', name: 'rated', 'data-testid': 'tournament-rated' }) as HTMLInputElement;
  const name = h('input', { name: 'name', maxlength: '60', 'data-testid': 'tournament-name' }) as HTMLInputElement;
  const startsAt = h('input', { type: 'datetime-local', name: 'starts_at', 'data-testid': 'tournament-starts' }) as HTMLInputElement;
  // In half an hour, on a five-minute mark: time to join; its creator may start it sooner.
  startsAt.value = localTime(Math.ceil((Date.now() + 30 * 60000) / 300000) * 300000);
  const play = h('input', { type: 'checkbox', checked: '', 'data-testid': 'tournament-play' }) as HTMLInputElement;
  const fields = kindFields(() => kind.value as TournamentKind, () => clock.value.endsWith('d'));
  const error = h('div', { class: 'error', 'data-testid': 'tournament-error' });
  const defaultName = () => t('tournaments.defaultName', { game: gameName(game.value), kind: kindName(kind.value as TournamentKind) });
  // The choices that depend on the game and the kind: an arena's games have a clock of minutes.
  const fill = () => {
    const was = clock.value;
    clock.replaceChildren(...timeControls(game.value).filter(([v]) => v && !(kind.value === 'arena' && v.endsWith('d')))
      .map(([value, label]) => h('option', { value }, label)));
    if ([...clock.options].some((o) => o.value === was)) clock.value = was;
    else clock.value = '5+3';
    fields.show();
    name.placeholder = defaultName();
    kindHintLine.textContent = kindHint(kind.value as TournamentKind);
  };
  game.onchange = () => {
    rules = ruleOptionControls(game.value);
    ruleBox.replaceChildren(rules.el);
    fill();
  };
  kind.onchange = fill;
  clock.onchange = fields.show;
  ruleBox.replaceChildren(rules.el);
  fill();
  const create = async () => {
    error.textContent = '';
    try {
      const when = startsAt.value ? new Date(startsAt.value).getTime() : 0;
      const { id } = await createTournament({
        kind: kind.value, game: game.value, rules: rules.read(), ...clockSpec(clock.value), rated: rated.checked,
        ...fields.spec(), ...(when ? { starts_at: when } : {}), name: name.value.trim() || defaultName(),
      });
      if (play.checked) await tournamentAction(id, 'join');
      location.href = `/t/${id}`;
    } catch (e) {
      error.textContent = errorText(e);
    }
  };
  return h('section', { class: 'new-game tournament-form', 'data-testid': 'tournament-form' },
    h('h2', {}, t('tournaments.create')),
    h('label', {}, `${t('tournaments.kind')} `, kind), kindHintLine,
    h('label', {}, `${t('home.game')} `, game),
    h('label', {}, `${t('home.timeControl')} `, clock),
    fields.labels.minutes, fields.labels.rounds, fields.labels.double, fields.labels.days,
    h('label', {}, `${t('tournaments.startsAt')} `, startsAt),
    fields.most,
    h('label', {}, `${t('tournaments.name')} `, name),
    h('label', { class: 'check' }, rated, ` ${t('common.rated')}`),
    h('label', { class: 'check' }, play, ` ${t('tournaments.playToo')}`),
    h('details', { class: 'more-options' }, h('summary', {}, t('home.moreOptions')), h('fieldset', {}, h('legend', {}, t('home.rules')), ruleBox)),
    h('button', { class: 'primary create', onclick: oneAtATime(create), 'data-testid': 'tournament-create' }, t('tournaments.createButton')),
    error);
}
