// A game's chat on its page (docs/api.md, Chat): the players' room for its players, the
// spectators' room for everyone. Lines come from GET at first and then as the game stream's
// "chat" events; every line is shown as text, never as HTML. Each room may be
// hidden on this browser (localStorage, the viewer's own mute); any line may be reported.
import { ApiError, getChat, postChat, reportChat } from '../api/client';
import type { ChatLine } from '../api/types';
import { t } from '../i18n';
import { errorText } from '../model/error_words';
import { chatHiddenKey as hiddenKey } from '../model/storage_keys';
import { h, oneAtATime } from './dom';
import { playerLinkTree } from './players';
import { h as vh, type View, view } from './view';

type Room = 'players' | 'spectators';
const roomName = (room: Room) => t(room === 'players' ? 'chat.playersRoom' : 'chat.spectatorsRoom');

export interface ChatSeat {
  id: string;
  token: string;        // an anonymous player's seat token ('' for none)
  player: boolean;      // the viewer holds a seat
  account: string | null;  // the viewer's account name (its own lines are not to report)
  over: boolean;
}

export function chatView(seat: ChatSeat) {
  const el = h('section', { class: 'chat', 'data-testid': 'chat' });
  const rooms: Room[] = seat.player ? ['players', 'spectators'] : ['spectators'];
  const boxes = new Map<Room, { lines: View; form: HTMLElement }>();
  let over = seat.over;

  const loggedIn = !!seat.account;
  const writes = (room: Room) => loggedIn && (room === 'players' ? seat.player : !seat.player || over);

  const lines: Record<Room, ChatLine[]> = { players: [], spectators: [] };
  // A line reported: 'reported', or the server's refusal in the button's place.
  const reports = new Map<number, { done: boolean; text: string }>();
  const report = (line: ChatLine) => {
    const r = reports.get(line.id);
    if (r?.done) return vh('span.hint', t('chat.reported'));
    return vh('button.link.report', {
      attrs: { title: t('chat.reportTitle'), 'data-testid': 'chat-report' },
      on: { click: oneAtATime(async () => {
        try {
          await reportChat(seat.id, line.id);
          reports.set(line.id, { done: true, text: '' });
        } catch (err) {
          reports.set(line.id, { done: false, text: errorText(err) });
        }
        boxes.get(line.room)?.lines.redraw();
      }) },
    }, r?.text ?? t('chat.report'));
  };
  // The name (every writer has an account: a link to its page) and the text as text nodes: a
  // line of "<img onerror=...>" is shown as written.
  const lineTree = (line: ChatLine) => vh('li', { key: line.id, attrs: { 'data-testid': 'chat-line' } }, [
    vh('b', [playerLinkTree(line.name)]), ': ', vh('span.chat-text', line.text), ' ',
    loggedIn && line.name !== seat.account ? report(line) : '',
  ]);

  function add(line: ChatLine) {
    const box = boxes.get(line.room);
    if (!box || lines[line.room].some((l) => l.id === line.id)) return;
    lines[line.room].push(line);
    box.lines.redraw();
    box.lines.el.scrollTop = box.lines.el.scrollHeight;
  }

  for (const room of rooms) {
    const list = view(() => vh(`ul.chat-lines`, { attrs: { 'data-testid': `chat-${room}` } }, lines[room].map(lineTree)));
    const input = h('input', { maxlength: '140', placeholder: t('chat.placeholder'), 'data-testid': `chat-input-${room}` }) as HTMLInputElement;
    const error = h('div', { class: 'error', 'data-testid': `chat-error-${room}` });
    const form = h('form', { class: 'chat-form' }, input, h('button', { type: 'submit', 'data-testid': `chat-send-${room}` }, t('chat.send')), error) as HTMLFormElement;
    form.onsubmit = async (e) => {
      e.preventDefault();
      error.textContent = '';
      try {
        add((await postChat(seat.id, room, input.value)).line);
        input.value = '';
      } catch (err) {
        error.textContent = errorText(err);
      }
    };
    const hide = h('input', { type: 'checkbox', 'data-testid': `chat-hide-${room}` }) as HTMLInputElement;
    const body = h('div', { class: 'chat-body' }, list.el, form);
    hide.checked = localStorage.getItem(hiddenKey(room)) === '1';
    body.hidden = hide.checked;
    hide.onchange = () => {
      body.hidden = hide.checked;
      if (hide.checked) localStorage.setItem(hiddenKey(room), '1');
      else localStorage.removeItem(hiddenKey(room));
    };
    el.append(h('div', { class: `chat-room chat-${room}` },
      h('h3', {}, roomName(room), h('label', { class: 'chat-hide' }, hide, ` ${t('chat.hide')}`)), body));
    boxes.set(room, { lines: list, form });
    getChat(seat.id, room, seat.token).then((r) => r.lines.forEach(add), (e) => {
      if (!(e instanceof ApiError)) return;
      error.textContent = errorText(e);
    });
  }

  const showForms = () => {
    for (const [room, box] of boxes) {
      box.form.hidden = !writes(room);
      const note = box.form.previousElementSibling?.classList.contains('chat-note') ? box.form.previousElementSibling : null;
      note?.remove();
      if (!writes(room)) box.form.before(h('p', { class: 'hint chat-note' }, t(!loggedIn ? 'chat.logIn' : 'chat.afterGame')));
    }
  };
  showForms();

  return {
    el,
    // A "chat" event of the game's stream.
    onEvent(data: string) { add(JSON.parse(data) as ChatLine); },
    // The game ended: the players may now write to the spectators.
    gameOver(now: boolean) {
      if (now === over) return;
      over = now;
      showForms();
    },
  };
}
