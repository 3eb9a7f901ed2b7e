//! The reading state machine: lines in, games out. It keeps what stays open across lines (a
//! game being assembled, a `{` comment, variations, a move number waiting for its move) and
//! hands a game out once the next one starts or the input ends.

use std::collections::VecDeque;

use super::super::notation;
use super::lexical::{
    Kind, Line, ParenMark, START_BYTES, START_DIGIT, START_LETTER, START_SPACE, classify,
    comment_close, find, is_ascii_space, is_move_text, letter_starts_move, looks_like_tag_pair,
    paren_mark, parse_tag, plain_line_tag, plain_move_end, plain_move_number, short_plain_move_len,
    space_len, span_at, split_suffixes, token_end, trim, without_check_mark, word_from,
};
use super::{
    Capacities, MAX_PROBLEMS, MAX_VARIATION_DEPTH, MoveNumber, Problem, RawGame, Span, Tag,
    TokenText, quote,
};

/// The most games kept for their lists (see [`Parser::recycle`]): more than the games in
/// one buffer of the input, mostly.
const SPARE_GAMES: usize = 64;

/// A game being assembled.
#[derive(Debug)]
struct Builder {
    game: RawGame,
    /// Something other than tags and comments has been read, so a tag pair now starts a new
    /// game.
    has_movetext: bool,
    /// The result has been read; the next tag pair or move starts a new game.
    finished: bool,
    /// Problems past [`MAX_PROBLEMS`]: how many, and where the first of them is.
    unlisted: Option<(usize, Span)>,
}

impl Builder {
    /// The next game of the input. Out of line and marked cold: it runs once a game, while
    /// the check that calls it runs for nearly every token.
    #[cold]
    #[inline(never)]
    fn start(
        started: &mut usize,
        line: u32,
        hint: &Capacities,
        spare: &mut Vec<RawGame>,
        read_notations: bool,
    ) -> Builder {
        *started += 1;
        let game = match spare.pop() {
            Some(spent) => spent.reset(*started, line, hint, read_notations),
            None => RawGame::empty(*started, line, hint, read_notations),
        };
        Builder {
            game,
            has_movetext: false,
            finished: false,
            unlisted: None,
        }
    }
}

/// A `{` comment that has not been closed on its line.
#[derive(Debug)]
struct OpenComment {
    span: Span,
    text: String,
    /// Comments inside variations belong to the variation, whose content is not kept.
    in_variation: bool,
}

/// A move number waiting for its move. Plain data, so that the move that takes it (nearly
/// every move of a game) copies it out without a drop.
#[derive(Debug, Clone, Copy)]
struct Pending {
    number: MoveNumber,
    span: Span,
    /// Written as a bare integer: it is a move number only if a move follows, else it is
    /// itself a move token (the next layer will say what is wrong with it). Its text as
    /// written is [`Parser::bare_text`]; a dotted number is written back from `number` when a
    /// message needs it.
    bare: bool,
}

/// The state of reading: the game being assembled and what is open across lines.
#[derive(Debug, Default)]
pub(super) struct Parser {
    game: Option<Builder>,
    games_started: usize,
    comment: Option<OpenComment>,
    /// Where each open variation started, innermost last, up to [`MAX_VARIATION_DEPTH`].
    variations: Vec<Span>,
    /// Variations open beyond [`MAX_VARIATION_DEPTH`], counted only.
    deeper: usize,
    pending: Option<Pending>,
    /// The text of a pending bare integer, as written (`007` stays `007` if it turns out to
    /// be a move token).
    bare_text: String,
    /// Finished games not yet handed out.
    pub(super) ready: VecDeque<RawGame>,
    /// How large the next game's lists start.
    hint: Capacities,
    /// Games handed back by the caller, whose lists the next games are read into: as many
    /// as a buffer of the input may hold, since the reader finishes every game of a buffer
    /// before the first of them is handed out. At most [`SPARE_GAMES`].
    pub(super) spare: Vec<RawGame>,
    /// Comments are read but not kept: see [`super::PgnReader::ignoring_comments`].
    pub(super) ignore_comments: bool,
    /// The names of the tag pairs kept, if not all: see [`super::PgnReader::keeping_tags`].
    kept_tags: Option<&'static [&'static str]>,
    /// For each length of a name up to 31 (and for 31 and longer), a bit for each first
    /// letter (its low five bits) of the kept names of that length: most names of a file are
    /// told not kept by one look at this, without comparing them with the kept names.
    kept_shapes: [u32; 32],
    /// The moves' notations are read: see [`super::PgnReader::reading_notations`].
    pub(super) read_notations: bool,
    /// Read everything by the general steps, for the tests that hold the fast paths to them.
    #[cfg(test)]
    pub(super) general_only: bool,
}

impl Parser {
    /// Reads one line; `ascii` says whether it is all ASCII, which the caller knows already.
    pub(super) fn feed_line(&mut self, line: &str, line_no: u32, ascii: bool) {
        self.scan(&Line::new(line, line_no, ascii));
    }

    /// Reads a line of undecoded input that is one plain tag pair and nothing else, as
    /// [`plain_line_tag`] has it, from the start of `rest`; `line_no` is its number. Returns
    /// where its line end stands, or `None`, having read nothing, for any other line (which
    /// goes through [`Parser::feed_line`]): it comes to what that does for such a line.
    pub(super) fn plain_tag_line(&mut self, rest: &[u8], line_no: u32) -> Option<usize> {
        if self.comment.is_some() || !self.fast_paths() {
            return None;
        }
        let (name, value, end) = plain_line_tag(rest)?;
        if !self.keeps_tag(rest.get(name.clone()).unwrap_or_default()) {
            // Read, as it starts a new game after movetext, but not copied.
            self.close_before_tags();
            self.ensure_game(line_no);
            return Some(end);
        }
        let name_text = ascii_token(rest, name)?;
        let value_text = ascii_token(rest, value)?;
        self.close_before_tags();
        let builder = self.ensure_game(line_no);
        builder.game.tags.push(Tag {
            name: name_text,
            value: value_text,
            span: Span {
                line: line_no,
                column: 1,
            },
        });
        Some(end)
    }

    /// Keeps only the tag pairs named in `names`: see [`super::PgnReader::keeping_tags`].
    pub(super) fn keep_tags(&mut self, names: &'static [&'static str]) {
        self.kept_tags = Some(names);
        self.kept_shapes = [0; 32];
        for name in names {
            let (len, first) = name_shape(name.as_bytes());
            self.kept_shapes[len] |= first;
        }
    }

    /// Whether the tag pair named `name` is kept: see [`super::PgnReader::keeping_tags`].
    #[inline]
    fn keeps_tag(&self, name: &[u8]) -> bool {
        // The length and first letter are looked up first, which tells most names apart
        // without comparing them with each kept name.
        self.kept_tags.is_none_or(|names| {
            let (len, first) = name_shape(name);
            self.kept_shapes[len] & first != 0 && names.iter().any(|kept| kept.as_bytes() == name)
        })
    }

    /// Whether the fast paths are taken: always, but in the tests that compare them with the
    /// general steps.
    #[inline(always)]
    fn fast_paths(&self) -> bool {
        #[cfg(test)]
        return !self.general_only;
        #[cfg(not(test))]
        true
    }

    /// Whether a `{` comment is open across lines, which is all that an empty line can
    /// change.
    pub(super) fn comment_open(&self) -> bool {
        self.comment.is_some()
    }

    /// Ends the input: whatever is still open is reported, and the last game is handed out.
    pub(super) fn finish(&mut self) {
        if self.comment.is_some() {
            self.abandon_comment();
        }
        if self.game.is_some() {
            self.close_game();
        }
    }

    fn scan(&mut self, line: &Line<'_>) {
        let text = line.text;
        let bytes = text.as_bytes();
        let mut i = 0;
        if self.comment.is_some() {
            if looks_like_tag_pair(text) {
                // A line that is a whole tag pair is far more likely the next game than part
                // of a comment, so one missing `}` does not swallow the rest of the file.
                self.abandon_comment();
            } else {
                let close = find(text, 0, b'}');
                let piece = line.get(0, close.unwrap_or(line.len()));
                if let Some(comment) = &mut self.comment {
                    comment.text.push('\n');
                    comment.text.push_str(piece);
                }
                match close {
                    Some(at) => {
                        self.close_comment();
                        i = at + 1;
                    }
                    None => return,
                }
            }
        } else if bytes.first() == Some(&b'%') {
            // The PGN escape mechanism (section 6): the whole line is for other programs.
            return;
        }
        // Every character that PGN gives a meaning to is ASCII, so the line is read as bytes;
        // a character beyond ASCII is looked at whole only where it could be whitespace.
        loop {
            // The bulk of a game is read on the fast path, which stops at what it leaves to
            // the steps below, and is taken up again after each token they read.
            if line.is_ascii() && self.fast_paths() {
                i = self.plain_movetext(line, i);
            }
            let Some(&b) = bytes.get(i) else {
                break;
            };
            // Moves and move numbers, most of the tokens of a game, are read on a fast path
            // that comes to the same as the general one below.
            match START_BYTES[usize::from(b)] {
                START_SPACE => {
                    i += 1;
                    continue;
                }
                START_LETTER if letter_starts_move(bytes, i) => {
                    let end = token_end(text, i);
                    // The content of variations is not kept, and a move is never unreadable.
                    if self.variations.is_empty() {
                        self.push_move(line.get(i, end), line.span(i));
                    }
                    i = skip_one_space(bytes, end);
                    continue;
                }
                START_DIGIT => {
                    if let Some((number, end)) = plain_move_number(bytes, i) {
                        if self.variations.is_empty() {
                            self.move_number(number, line.span(i));
                        }
                        i = skip_one_space(bytes, end);
                        continue;
                    }
                }
                _ => {
                    if b >= 0x80
                        && let Some(len) = space_len(text, i)
                    {
                        i += len;
                        continue;
                    }
                }
            }
            let span = line.span(i);
            i = match b {
                b'{' => match find(text, i + 1, b'}') {
                    Some(close) => {
                        // Borrowed from the line: the comment is copied once, trimmed.
                        self.brace_comment(line.get(i + 1, close), span);
                        close + 1
                    }
                    None => {
                        self.ensure_game(line.number);
                        self.comment = Some(OpenComment {
                            span,
                            text: line.get(i + 1, line.len()).to_owned(),
                            in_variation: !self.variations.is_empty(),
                        });
                        line.len()
                    }
                },
                b';' => {
                    if self.variations.is_empty() {
                        self.add_comment(line.get(i + 1, line.len()), line.number);
                    }
                    line.len()
                }
                b'}' | b']' => {
                    self.problem(span, format!("unexpected `{}`", char::from(b)));
                    i + 1
                }
                b'[' => self.tag_pair(line, i),
                b'(' => self.open_paren(line, i),
                b')' => {
                    if self.deeper > 0 {
                        self.deeper -= 1;
                    } else if self.variations.pop().is_none() {
                        self.problem(span, "unexpected `)`".to_owned());
                    }
                    i + 1
                }
                b'$' => self.dollar(line, i),
                _ => {
                    let end = token_end(text, i);
                    self.token(line, i, end, span);
                    end
                }
            };
        }
    }

    /// Reads the plain movetext of an ASCII line from byte `i`: moves without glued marks,
    /// move numbers like `12.` and `12...`, and `{}` comments closed on the line, which are
    /// nearly all of a game. Returns the byte where it stopped: the end of the line, or a token
    /// that it leaves to the general steps of [`Parser::scan`], which read each of these
    /// tokens as it does. It reads only while a game is open, not ended, outside variations,
    /// and with no move number waiting when a number comes, so that none of the checks the
    /// general steps make for each token can come out otherwise.
    fn plain_movetext(&mut self, line: &Line<'_>, i: usize) -> usize {
        let Some(builder) = self.game.as_mut().filter(|b| !b.finished) else {
            return i;
        };
        if !self.variations.is_empty() {
            return i;
        }
        // The waiting move number and whether movetext was read are kept in locals while
        // reading, and stored once at the end, rather than at every token.
        let pending = self.pending.take();
        let (end, movetext, pending) = if self.ignore_comments {
            read_plain_movetext::<false>(&mut builder.game, line.text, line.number, i, pending)
        } else {
            read_plain_movetext::<true>(&mut builder.game, line.text, line.number, i, pending)
        };
        self.pending = pending;
        builder.has_movetext |= movetext;
        end
    }

    /// The game being assembled, started here if there is none. Called for nearly every
    /// token, so the check is kept inline and the start out of line.
    #[inline]
    fn ensure_game(&mut self, line: u32) -> &mut Builder {
        let started = &mut self.games_started;
        let hint = &self.hint;
        let spare = &mut self.spare;
        let read_notations = self.read_notations;
        self.game
            .get_or_insert_with(|| Builder::start(started, line, hint, spare, read_notations))
    }

    /// Keeps `game` for its lists to hold the next game, unless they grew larger than a new
    /// game's would start (see [`super::PgnReader::recycle`]).
    pub(super) fn recycle(&mut self, game: RawGame) {
        if self.spare.len() < SPARE_GAMES && game.fits_capacity_bounds() {
            self.spare.push(game);
        }
    }

    /// Starts a piece of movetext: after a result it belongs to the next game.
    #[inline]
    fn begin_movetext(&mut self, line: u32) -> &mut Builder {
        if self.game.as_ref().is_some_and(|b| b.finished) {
            self.close_game();
        }
        let builder = self.ensure_game(line);
        builder.has_movetext = true;
        builder
    }

    fn finished(&self) -> bool {
        self.game.as_ref().is_some_and(|b| b.finished)
    }

    fn problem(&mut self, span: Span, message: String) {
        let builder = self.ensure_game(span.line);
        if builder.game.problems.len() < MAX_PROBLEMS {
            builder.game.problems.push(Problem { span, message });
        } else {
            let (count, _) = builder.unlisted.get_or_insert((0, span));
            *count += 1;
        }
    }

    /// Hands out the current game, reporting what it left open.
    fn close_game(&mut self) {
        self.flush_pending();
        // Variations left open are reported once, where the outermost of them opened.
        let open = self.variations.len() + std::mem::take(&mut self.deeper);
        if let Some(&outermost) = std::mem::take(&mut self.variations).first() {
            let message = if open == 1 {
                "variation never closed".to_owned()
            } else {
                format!("{open} variations never closed, the outermost opened here")
            };
            self.problem(outermost, message);
        }
        if let Some(builder) = self.game.take() {
            let mut game = builder.game;
            self.hint = self.hint.next(&game);
            // Problems found late (an unclosed variation is noticed only at the end) are put
            // back in text order, so that they read from top to bottom.
            game.problems.sort_by_key(|p| (p.span.line, p.span.column));
            if let Some((count, span)) = builder.unlisted {
                game.problems.push(Problem {
                    span,
                    message: format!(
                        "{count} more problem{} from here on not listed (a game lists at most {MAX_PROBLEMS})",
                        if count == 1 { "" } else { "s" }
                    ),
                });
            }
            self.ready.push_back(game);
        }
    }

    /// Settles a move number that no move has taken.
    #[inline(always)]
    fn flush_pending(&mut self) {
        if self.pending.is_some() {
            self.settle_pending();
        }
    }

    /// [`Parser::flush_pending`] when a number is waiting: a bare integer becomes a move, a
    /// dotted number a problem.
    #[inline(never)]
    fn settle_pending(&mut self) {
        if let Some(pending) = self.pending.take() {
            if pending.bare {
                let text = TokenText::new(&self.bare_text);
                self.ensure_game(pending.span.line)
                    .game
                    .push_move(text, pending.span, None);
            } else {
                let written = match pending.number.black {
                    false => format!("{}.", pending.number.number),
                    true => format!("{}...", pending.number.number),
                };
                let message = format!("move number `{written}` is not followed by a move");
                self.problem(pending.span, message);
            }
        }
    }

    fn brace_comment(&mut self, text: &str, span: Span) {
        if self.variations.is_empty() {
            self.add_comment(text, span.line);
        } else {
            self.ensure_game(span.line);
        }
    }

    /// Adds a main-line comment to the move it follows, or to the game before the first move.
    fn add_comment(&mut self, text: &str, line: u32) {
        let keep = !self.ignore_comments;
        let builder = self.ensure_game(line);
        if keep {
            builder.game.push_note(trim(text), true);
        }
    }

    fn close_comment(&mut self) {
        if let Some(comment) = self.comment.take()
            && !comment.in_variation
        {
            self.add_comment(&comment.text, comment.span.line);
        }
    }

    /// Reports a comment that never closed; its text is kept as read so far.
    fn abandon_comment(&mut self) {
        if let Some(comment) = &self.comment {
            let span = comment.span;
            self.problem(span, "comment never closed".to_owned());
        }
        self.close_comment();
    }

    /// A tag pair always belongs to the tag section of a game: after movetext it starts the
    /// next one, and variations left open cannot continue past it.
    fn close_before_tags(&mut self) {
        let after_movetext = self
            .game
            .as_ref()
            .is_some_and(|b| b.has_movetext || b.finished);
        if after_movetext || !self.variations.is_empty() {
            self.close_game();
        }
    }

    fn tag_pair(&mut self, line: &Line<'_>, start: usize) -> usize {
        let span = line.span(start);
        self.close_before_tags();
        let parse = parse_tag(line.text, start);
        let keep = parse
            .tag
            .as_ref()
            .is_some_and(|(name, _)| self.keeps_tag(name.as_bytes()));
        let builder = self.ensure_game(line.number);
        if let Some((name, value)) = parse.tag.filter(|_| keep) {
            builder.game.tags.push(Tag {
                name: TokenText::new(name),
                value: TokenText::new(&value),
                span,
            });
        }
        if let Some((at, message)) = parse.problem {
            self.problem(line.span(at), message);
        }
        parse.end
    }

    fn open_paren(&mut self, line: &Line<'_>, start: usize) -> usize {
        let span = line.span(start);
        // `(e.p.)` and `(=)` are marks, not variations: a variation that held nothing but
        // one of them would mean nothing.
        if let Some((len, mark)) = paren_mark(line.text, start) {
            if self.variations.is_empty() {
                let text = line.get(start, start + len);
                match mark {
                    ParenMark::EnPassant => self.en_passant(text, span),
                    ParenMark::DrawOffer => self.annotation("draw offer", text, span),
                }
            }
            return start + len;
        }
        if self.variations.is_empty() {
            self.begin_movetext(line.number).game.variations += 1;
        }
        if self.variations.len() < MAX_VARIATION_DEPTH {
            self.variations.push(span);
        } else {
            if self.deeper == 0 {
                self.problem(
                    span,
                    format!("variations nested more than {MAX_VARIATION_DEPTH} deep"),
                );
            }
            self.deeper += 1;
        }
        start + 1
    }

    /// A `$` at the start of a token: a NAG if digits follow, else unreadable.
    fn dollar(&mut self, line: &Line<'_>, start: usize) -> usize {
        let span = line.span(start);
        let digits = line
            .get(start + 1, line.len())
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        let end = start + 1 + digits;
        if digits > 0 {
            if self.variations.is_empty() {
                self.annotation("annotation", line.get(start, end), span);
            }
            end
        } else {
            let end = token_end(line.text, start + 1);
            self.unreadable(line.get(start, end), span);
            end
        }
    }

    /// The token at bytes `start..end` of the line, which starts at `span`.
    fn token(&mut self, line: &Line<'_>, start: usize, end: usize, span: Span) {
        let text = line.get(start, end);
        let kind = classify(text);
        if !self.variations.is_empty() {
            // The content of variations is not kept, but what cannot be read is still said.
            let unreadable = match kind {
                Kind::Unreadable => Some((text, 0)),
                Kind::Number { rest, .. } | Kind::Ellipsis { rest } => {
                    let glued = line.get(start + rest, end);
                    (!glued.is_empty() && !is_move_text(glued)).then_some((glued, rest))
                }
                _ => None,
            };
            if let Some((part, offset)) = unreadable {
                self.unreadable(part, line.span(start + offset));
            }
            return;
        }
        match kind {
            Kind::Result(result) => {
                self.begin_movetext(span.line);
                self.flush_pending();
                let builder = self.ensure_game(span.line);
                builder.game.result = Some((result.to_owned(), span));
                builder.finished = true;
            }
            Kind::Number { number, rest } => {
                self.move_number(number, span);
                self.glued_move(line, start + rest, end);
            }
            Kind::Bare(number) => {
                self.begin_movetext(span.line);
                self.flush_pending();
                self.pending = Some(Pending {
                    number: MoveNumber {
                        number,
                        black: false,
                    },
                    span,
                    bare: true,
                });
                self.bare_text.clear();
                self.bare_text.push_str(text);
            }
            Kind::Ellipsis { rest } => {
                self.begin_movetext(span.line);
                // `12. ... Nf6`: the dots say that the number is Black's. Without a number
                // they only say that Black moves next, which the next layer knows anyway.
                if let Some(pending) = &mut self.pending {
                    pending.number.black = true;
                }
                self.glued_move(line, start + rest, end);
            }
            Kind::EnPassant => self.en_passant(text, span),
            Kind::Check => {
                if let Some(game) = self.attach("check mark", text, span) {
                    game.extend_last_move(text);
                }
            }
            Kind::Annotation => self.annotation("annotation", text, span),
            Kind::Move => self.push_move(text, span),
            Kind::Unreadable => self.unreadable(text, span),
        }
    }

    /// A move number, which waits for its move.
    #[inline]
    fn move_number(&mut self, number: MoveNumber, span: Span) {
        self.begin_movetext(span.line);
        self.flush_pending();
        self.pending = Some(Pending {
            number,
            span,
            bare: false,
        });
    }

    /// The move glued to a move number (`12.e4`), at bytes `start..end` of the line.
    #[inline]
    fn glued_move(&mut self, line: &Line<'_>, start: usize, end: usize) {
        let text = line.get(start, end);
        if text.is_empty() {
            return;
        }
        let span = line.span(start);
        if is_move_text(text) {
            self.push_move(text, span);
        } else {
            self.unreadable(text, span);
        }
    }

    #[inline(always)]
    fn push_move(&mut self, text: &str, span: Span) {
        // What `begin_movetext` does, with the waiting number taken in between: a game that
        // has ended settles its own number first.
        if self.finished() {
            self.close_game();
        }
        let number = self.pending.take().map(|p| p.number);
        let builder = self.ensure_game(span.line);
        builder.has_movetext = true;
        // Every mark that `split_suffixes` takes off ends with `)`, `!` or `?`; nearly
        // every move ends otherwise (`e4`, `Nf3+`, `O-O`) and is kept whole.
        if !matches!(text.as_bytes().last(), Some(b')' | b'!' | b'?')) {
            builder.game.push_move(TokenText::new(text), span, number);
        } else {
            push_marked_move(&mut builder.game, text, span, number);
        }
    }

    fn unreadable(&mut self, text: &str, span: Span) {
        // Unreadable text after a result is taken as trailing junk of that game rather than
        // the start of a new one, so that it does not make a game of its own.
        if !self.finished() && self.variations.is_empty() {
            self.begin_movetext(span.line);
        }
        self.problem(span, format!("unreadable text `{}`", quote(text)));
    }

    /// An en passant mark, perhaps with suffix marks glued to it (`e.p.!`).
    fn en_passant(&mut self, text: &str, span: Span) {
        let split = split_suffixes(text);
        let mark = split.joined();
        // A check mark may follow the en passant mark (`e.p.+`); it stays with the move.
        let check = mark
            .get(without_check_mark(&mark).len()..)
            .unwrap_or_default();
        if let Some(game) = self.attach("en passant mark", text, span)
            && !game.moves.is_empty()
        {
            game.extend_last_move(&format!("e.p.{check}"));
            for mark in split.marks {
                game.push_note(mark, false);
            }
        }
    }

    fn annotation(&mut self, what: &str, text: &str, span: Span) {
        if let Some(game) = self.attach(what, text, span) {
            game.push_note(text, false);
        }
    }

    /// The game whose last move of the main line a mark applies to, or `None` after
    /// reporting that there is no such move.
    fn attach(&mut self, what: &str, text: &str, span: Span) -> Option<&mut RawGame> {
        if self.finished() {
            self.problem(span, format!("{what} `{}` after the result", quote(text)));
            return None;
        }
        // A mark right after a move number has no move to go with, and the number stays for
        // the move that follows; a bare integer before it is the move itself (`12 +` can only
        // mean that `12` was meant as a move).
        match &self.pending {
            Some(pending) if !pending.bare => {
                self.problem(span, format!("{what} `{}` follows no move", quote(text)));
                return None;
            }
            _ => self.flush_pending(),
        }
        if self.ensure_game(span.line).game.moves.is_empty() {
            self.problem(span, format!("{what} `{}` follows no move", quote(text)));
            return None;
        }
        self.game.as_mut().map(|builder| &mut builder.game)
    }
}

/// A tag name's place in [`Parser::kept_shapes`]: its length, at most 31, and the bit of its
/// first byte's low five bits.
#[inline(always)]
fn name_shape(name: &[u8]) -> (usize, u32) {
    let first = name.first().copied().unwrap_or(0);
    (name.len().min(31), 1 << (first & 31))
}

/// The token at `range` of undecoded input, if it is ASCII.
#[inline(always)]
fn ascii_token(bytes: &[u8], range: std::ops::Range<usize>) -> Option<TokenText> {
    let len = range.len();
    if let Some(window) = bytes
        .get(range.start..range.start + 16)
        .and_then(|window| window.first_chunk::<16>())
        && let Some(text) = TokenText::from_window(window, len)
    {
        return Some(text);
    }
    // A token longer than a window: as ASCII it is valid UTF-8, and other text is not
    // taken (the callers leave a line that holds any to the general steps).
    let token = bytes.get(range)?;
    let text = std::str::from_utf8(token)
        .ok()
        .filter(|text| text.is_ascii())?;
    Some(TokenText::new(text))
}

/// Past the space that nearly always follows a move or a move number: skipped here, it
/// costs one comparison rather than a turn of the scanning loop.
#[inline(always)]
fn skip_one_space(bytes: &[u8], at: usize) -> usize {
    at + usize::from(bytes.get(at) == Some(&b' '))
}

/// A move with marks glued to its end: the move is kept without them, and they become its
/// annotations. Out of line, so that the common case stays small.
#[inline(never)]
fn push_marked_move(game: &mut RawGame, text: &str, span: Span, number: Option<MoveNumber>) {
    let split = split_suffixes(text);
    game.push_move(split.text(), span, number);
    for mark in split.marks {
        game.push_note(mark, false);
    }
}

/// A move of a line too short for a window of it, or of a long token. Out of line and cold,
/// so that the common path keeps its values in registers.
#[cold]
#[inline(never)]
fn push_whole_move(game: &mut RawGame, text: &str, span: Span, number: Option<MoveNumber>) {
    game.push_move(TokenText::new(text), span, number);
}

/// The loop of [`Parser::plain_movetext`] over the bytes of an ASCII line from byte `i`,
/// with the waiting move number, keeping comments if `KEEP_COMMENTS` (a constant, so that
/// the check costs nothing): returns where it stopped and whether it read movetext. Out
/// of line, so that its few locals stay in registers rather than among those of
/// [`Parser::scan`].
#[inline(never)]
fn read_plain_movetext<const KEEP_COMMENTS: bool>(
    game: &mut RawGame,
    text: &str,
    line: u32,
    mut i: usize,
    pending: Option<Pending>,
) -> (usize, bool, Option<Pending>) {
    let bytes = text.as_bytes();
    let mut movetext = false;
    // The waiting number is kept as its value and where it was read on this line (`None`
    // for the one handed in), and made a `Pending` once at the end: written out whole
    // for every number and read back for every move, it was kept in memory rather than
    // in registers.
    let mut waiting = pending.map(|p| p.number);
    let mut read_at: Option<usize> = None;
    // Whether the next move's notation is read (see `RawGame::notations`): kept in a
    // register, and cleared at the first move that is not plain SAN, after which no move of
    // the game has one.
    let mut notating = game.reads_notations && game.notations.len() == game.moves.len();
    while let Some(&b) = bytes.get(i) {
        match START_BYTES[usize::from(b)] {
            START_SPACE => i += 1,
            START_LETTER if letter_starts_move(bytes, i) => {
                // Nearly every move is at most seven bytes long, read from one word of the
                // line and kept from it.
                if let Some((word, room)) = word_from(bytes, i)
                    && let Some(len) = short_plain_move_len(word, room)
                    && let Some(token) = TokenText::from_word(word, len)
                {
                    let number = waiting.take();
                    movetext = true;
                    game.push_plain_move(token, span_at(line, i), number);
                    if notating {
                        notating = notation::push_plain_san_word(
                            word,
                            len,
                            &mut game.notations,
                            &mut game.notation_letters,
                        );
                    }
                    i = skip_one_space(bytes, i + len);
                    continue;
                }
                let Some(end) = plain_move_end(bytes, i) else {
                    break;
                };
                let number = waiting.take();
                movetext = true;
                // Two calls rather than one of a token made either way: each builds its
                // token where the list keeps it.
                match bytes
                    .get(i..i + 16)
                    .and_then(|window| window.first_chunk::<16>())
                    .and_then(|window| TokenText::from_window(window, end - i))
                    .or_else(|| {
                        // Near the end of the line, the line's last 16 bytes.
                        let base = bytes.len().checked_sub(16)?;
                        let window = bytes.get(base..)?.first_chunk::<16>()?;
                        TokenText::from_window_at(window, i.checked_sub(base)?, end - i)
                    }) {
                    Some(token) => {
                        game.push_plain_move(token, span_at(line, i), number);
                        if notating {
                            notating = notation::push_plain_san(
                                bytes.get(i..end).unwrap_or_default(),
                                &mut game.notations,
                                &mut game.notation_letters,
                            );
                        }
                    }
                    None => {
                        // Its notation is read by the general push, which may end the
                        // notations of the game.
                        push_whole_move(
                            game,
                            text.get(i..end).unwrap_or_default(),
                            span_at(line, i),
                            number,
                        );
                        notating = notating && game.notations.len() == game.moves.len();
                    }
                }
                i = skip_one_space(bytes, end);
            }
            START_DIGIT if waiting.is_none() => {
                let Some((number, end)) = plain_move_number(bytes, i) else {
                    break;
                };
                movetext = true;
                waiting = Some(number);
                read_at = Some(i);
                i = skip_one_space(bytes, end);
            }
            _ if b == b'{' => {
                let Some(close) = comment_close(text, i) else {
                    break;
                };
                if !KEEP_COMMENTS {
                    // Past the space that nearly always follows, as after a move.
                    i = skip_one_space(bytes, close + 1);
                    continue;
                }
                // The line is ASCII, where `str::trim` takes off exactly the ASCII
                // whitespace: trimmed as bytes, the comment is cut from the line once.
                let mut start = i + 1;
                let mut end = close;
                // Most comments (a clock reading) have one space inside each brace, and
                // are trimmed by looking at the two bytes at each end.
                let space = |at: usize| bytes.get(at).is_some_and(|&b| is_ascii_space(b));
                if start + 2 < end
                    && bytes.get(start) == Some(&b' ')
                    && bytes.get(end - 1) == Some(&b' ')
                    && !space(start + 1)
                    && !space(end - 2)
                {
                    start += 1;
                    end -= 1;
                } else {
                    while start < end && space(start) {
                        start += 1;
                    }
                    while start < end && space(end - 1) {
                        end -= 1;
                    }
                }
                game.push_note_in(text, start..end, true);
                i = skip_one_space(bytes, close + 1);
            }
            _ => break,
        }
    }
    let pending = match (waiting, read_at) {
        (None, _) => None,
        (Some(number), Some(at)) => Some(Pending {
            number,
            span: span_at(line, at),
            bare: false,
        }),
        // The number handed in, still waiting.
        (Some(_), None) => pending,
    };
    (i, movetext, pending)
}
