// The game page's buttons: the offers waiting for an answer (draw, take-back, impasse, rematch)
// and what the viewer may do now. Buttons appear only where they act, and each acts once however
// often it is clicked (disabled while its request runs).
import type { GameState } from '../../api/types';
import { t } from '../../i18n';
import { challengedAccount, engineHelpClosed, movedBy, other, SIDES } from '../../model/games';
import { seatName } from '../../model/players';
import { oneAtATime } from '../../widgets/dom';
import { h, type VNode, view } from '../../widgets/view';
import type { GameCtrl } from './game_ctrl';

export interface GameButtons {
  flip(): void;
  analyse(): void;
  ask(out: HTMLElement): void;   // "Ask Kirin", its answer written into `out`
}

const button = (label: string, act: () => unknown, testid?: string, primary = false) =>
  h(primary ? 'button.primary' : 'button', { key: testid ?? label, attrs: testid ? { 'data-testid': testid } : {}, on: { click: oneAtATime(act) } }, label);

const offer = (text: string, ...buttons: VNode[]) => h('div.offer', [h('span', text), ...buttons]);

function offers(c: GameCtrl): VNode[] {
  const g = c.state, me = c.me, rows: VNode[] = [];
  if (!me) return rows;
  const them = other(me);
  const answer = (verb: string, testid: string) => [
    button(t('common.accept'), () => c.send(verb, { action: 'accept' }), `${testid}-accept`),
    button(t('common.decline'), () => c.send(verb, { action: 'decline' }), `${testid}-decline`)];
  if (g.status === 'over' && g.rematch && !g.rematch.game) {
    if (g.rematch.offer === them) rows.push(offer(t('game.offers.rematch'), ...answer('rematch', 'rematch')));
    else if (g.rematch.offer === me) rows.push(offer(t('game.offers.youRematch')));
  }
  if (g.status !== 'playing') return rows;
  if (g.draw_offer === them) rows.push(offer(t('game.offers.draw'), ...answer('draw', 'draw')));
  else if (g.draw_offer === me) rows.push(offer(t('game.offers.youDraw')));
  else if (c.drawDeclined) rows.push(h('div.offer', { attrs: { 'data-testid': 'draw-declined' } }, [h('span', t('game.offers.drawDeclined', { name: seatName(g.players[them]) }))]));
  if (g.takeback_request === them) rows.push(offer(t('game.offers.takeback'), ...answer('takeback', 'takeback')));
  else if (g.takeback_request === me) rows.push(offer(t('game.offers.youTakeback')));
  if (g.impasse_claim === them) rows.push(offer(t('game.offers.impasse'), button(t('common.agree'), () => c.send('impasse'), 'impasse-accept')));
  else if (g.impasse_claim === me) rows.push(offer(t('game.offers.youImpasse')));
  return rows;
}

// A challenge: cancel it (the challenger's), accept it, or decline one made to the viewer by name.
function challengeActions(c: GameCtrl, g: GameState): VNode[] {
  const named = challengedAccount(g);
  const join = () => c.join();
  if (c.me) return [button(t('game.actions.cancelChallenge'), () => c.send('cancel'), 'cancel')];
  if (!named) return [button(t('game.actions.acceptChallenge'), join, 'join')];
  if (named.toLowerCase() === c.account?.toLowerCase())
    return [button(t('game.actions.acceptChallenge'), join, 'join'), button(t('common.decline'), () => c.send('decline'), 'decline')];
  return [h('p.hint', { attrs: { 'data-testid': 'named-challenge' } }, t('game.actions.challengeTo', { name: named }))];
}

function playingActions(c: GameCtrl, g: GameState): VNode[] {
  const me = c.me!, them = other(me), out: VNode[] = [];
  // Before each side has moved a game is aborted, not resigned (as on lishogi).
  if (g.abortable) out.push(button(t('game.actions.abort'), () => c.send('abort'), 'abort'));
  else out.push(button(t('game.actions.resign'), () => confirm(t('game.actions.confirmResign')) && c.send('resign'), 'resign'));
  if (g.players[them].kind === 'human' && g.draw_offer !== me && g.draw_offer !== them) out.push(button(t('game.actions.offerDraw'), () => c.send('draw', { action: 'offer' }), 'draw-offer'));
  if (g.casual && movedBy(g, me) && g.takeback_request !== them) out.push(button(t('game.actions.takeBack'), () => c.send('takeback', { action: 'request' }), 'takeback'));
  // Under xiangqi's repetition=vary, an idle repetition is a draw only when claimed.
  if (g.repetition_claimable) out.push(button(t('game.actions.claimRepetition'), () => c.send('draw', { action: 'claim' }), 'draw-claim'));
  // Only where the claim would stand: both Kings in their promotion zones.
  if (c.v.impasse && g.impasse_claimable && g.impasse_claim !== me && g.impasse_claim !== them) out.push(button(t('game.actions.claimImpasse'), () => c.send('impasse'), 'impasse-claim'));
  return out;
}

export function gameButtons(c: GameCtrl, b: GameButtons) {
  // The hint's element is made anew with each drawing, so that an old answer does not stay.
  let drawn = 0, hint: HTMLElement | null = null;
  const actions = (): VNode[] => {
    const g = c.state, out = [button(t('common.flipBoard'), b.flip)];
    if (!engineHelpClosed({ ...g, you: c.me })) {
      out.push(button(t('game.actions.analyse'), b.analyse, 'analyse'), button(t('game.actions.askKirin'), () => hint && b.ask(hint), 'ask-kirin'),
        h('span.hint', { key: `hint-${++drawn}`, attrs: { 'data-testid': 'hint' }, hook: { insert: (n) => { hint = n.elm as HTMLElement; } } }));
    }
    if (g.status === 'waiting') return [...out, ...challengeActions(c, g)];
    if (g.status === 'playing' && c.me) out.push(...playingActions(c, g));
    const r = g.rematch;
    if (g.status === 'over' && r?.game) out.push(button(t('game.actions.goToRematch'), () => c.goToRematch(r.game!), 'rematch-go'));
    else if (g.status === 'over' && c.me && !r?.offer) out.push(button(t('game.actions.rematch'), () => c.send('rematch', { action: 'offer' }), 'rematch', true));
    return out;
  };
  return {
    offers: view(() => h('div.offers', { attrs: { 'data-testid': 'offers' } }, offers(c))),
    actions: view(() => h('div.actions', actions())),
  };
}
