//! The reading state machine: lines in, games out. It keeps what stays open across lines (a
//! game being assembled, a `{` comment, variations, a move number waiting for its move) and
//! hands a game out once the next one starts or the input ends.

use std::collections::VecDeque;

use super::lexical::{
    Kind, ParenMark, classify, collect, find, is_move_text, looks_like_tag_pair, paren_mark,
    parse_tag, shifted, slice, span_at, split_chars, split_suffixes, token_end, without_check_mark,
};
use super::{
    MAX_PROBLEMS, MAX_VARIATION_DEPTH, MoveNumber, MoveToken, Problem, RawGame, Span, Tag,
    TokenText, quote,
};

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

/// A `{` comment that has not been closed on its line.
#[derive(Debug)]
struct OpenComment {
    span: Span,
    text: String,
    /// Comments inside variations belong to the variation, whose content is not kept.
    in_variation: bool,
}

/// A move number waiting for its move.
#[derive(Debug)]
struct Pending {
    number: MoveNumber,
    span: Span,
    /// The text as written; kept only for a bare integer, which may turn out to be a move
    /// token. A dotted number is written back from `number` when a message needs it.
    text: Option<String>,
    /// Written as a bare integer: it is a move number only if a move follows, else it is
    /// itself a move token (the next layer will say what is wrong with it).
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
    /// Finished games not yet handed out.
    pub(super) ready: VecDeque<RawGame>,
    /// The characters of the current line, and the byte offset in the line where each one
    /// starts (plus the line's length; left empty for an ASCII line, where they coincide), so
    /// that tokens are borrowed from the line rather than copied; both are kept to reuse
    /// their allocations.
    chars: Vec<char>,
    starts: Vec<usize>,
    /// How many tags and moves the last game had: the next game of a file is most likely
    /// alike, so its lists start that large rather than growing (and being copied) step by
    /// step.
    tags_hint: usize,
    moves_hint: usize,
}

impl Parser {
    pub(super) fn feed_line(&mut self, line: &str, line_no: u32) {
        let mut chars = std::mem::take(&mut self.chars);
        let mut starts = std::mem::take(&mut self.starts);
        chars.clear();
        starts.clear();
        if line.is_ascii() {
            // Nearly every PGN line: one byte per character, so character `i` starts at byte
            // `i` and no list of starts is needed (see `slice`).
            chars.extend(line.bytes().map(char::from));
        } else {
            for (start, c) in line.char_indices() {
                chars.push(c);
                starts.push(start);
            }
            starts.push(line.len());
        }
        self.scan(line, &chars, &starts, line_no);
        self.chars = chars;
        self.starts = starts;
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

    fn scan(&mut self, text: &str, chars: &[char], starts: &[usize], line: u32) {
        let mut i = 0;
        if self.comment.is_some() {
            if looks_like_tag_pair(chars) {
                // A line that is a whole tag pair is far more likely the next game than part
                // of a comment, so one missing `}` does not swallow the rest of the file.
                self.abandon_comment();
            } else {
                let close = find(chars, 0, '}');
                let piece = collect(chars, 0, close.unwrap_or(chars.len()));
                if let Some(comment) = &mut self.comment {
                    comment.text.push('\n');
                    comment.text.push_str(&piece);
                }
                match close {
                    Some(at) => {
                        self.close_comment();
                        i = at + 1;
                    }
                    None => return,
                }
            }
        } else if chars.first() == Some(&'%') {
            // The PGN escape mechanism (section 6): the whole line is for other programs.
            return;
        }
        while let Some(&c) = chars.get(i) {
            if c.is_whitespace() {
                i += 1;
                continue;
            }
            let span = span_at(line, i);
            i = match c {
                '{' => match find(chars, i + 1, '}') {
                    Some(close) => {
                        // Borrowed from the line: the comment is copied once, trimmed.
                        self.brace_comment(slice(text, starts, i + 1, close), span);
                        close + 1
                    }
                    None => {
                        self.ensure_game(line);
                        self.comment = Some(OpenComment {
                            span,
                            text: collect(chars, i + 1, chars.len()),
                            in_variation: !self.variations.is_empty(),
                        });
                        chars.len()
                    }
                },
                ';' => {
                    if self.variations.is_empty() {
                        self.add_comment(slice(text, starts, i + 1, chars.len()), line);
                    }
                    chars.len()
                }
                '}' | ']' => {
                    self.problem(span, format!("unexpected `{c}`"));
                    i + 1
                }
                '[' => self.tag_pair(chars, i, line),
                '(' => self.open_paren(chars, i, line),
                ')' => {
                    if self.deeper > 0 {
                        self.deeper -= 1;
                    } else if self.variations.pop().is_none() {
                        self.problem(span, "unexpected `)`".to_owned());
                    }
                    i + 1
                }
                '$' => self.dollar(chars, i, line),
                _ => {
                    let end = token_end(chars, i);
                    self.token(slice(text, starts, i, end), span);
                    end
                }
            };
        }
    }

    fn ensure_game(&mut self, line: u32) -> &mut Builder {
        let started = &mut self.games_started;
        let (tags, moves) = (self.tags_hint, self.moves_hint);
        self.game.get_or_insert_with(|| {
            *started += 1;
            Builder {
                game: RawGame {
                    index: *started,
                    first_line: line,
                    tags: Vec::with_capacity(tags),
                    moves: Vec::with_capacity(moves),
                    comments: Vec::new(),
                    variations: 0,
                    result: None,
                    problems: Vec::new(),
                },
                has_movetext: false,
                finished: false,
                unlisted: None,
            }
        })
    }

    /// Starts a piece of movetext: after a result it belongs to the next game.
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
            // Bounded, so that one huge game does not make every later one reserve as much.
            self.tags_hint = game.tags.len().min(64);
            self.moves_hint = game.moves.len().min(1024);
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
    fn flush_pending(&mut self) {
        if let Some(pending) = self.pending.take() {
            if pending.bare {
                self.ensure_game(pending.span.line)
                    .game
                    .moves
                    .push(MoveToken {
                        text: TokenText::new(
                            &pending
                                .text
                                .unwrap_or_else(|| pending.number.number.to_string()),
                        ),
                        span: pending.span,
                        number: None,
                        annotations: Vec::new(),
                        comments: Vec::new(),
                    });
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
        let text = text.trim().to_owned();
        let game = &mut self.ensure_game(line).game;
        match game.moves.last_mut() {
            Some(last) => last.comments.push(text),
            None => game.comments.push(text),
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

    fn tag_pair(&mut self, chars: &[char], start: usize, line: u32) -> usize {
        let span = span_at(line, start);
        // A tag pair always belongs to the tag section of a game: after movetext it starts
        // the next one, and variations left open cannot continue past it.
        let after_movetext = self
            .game
            .as_ref()
            .is_some_and(|b| b.has_movetext || b.finished);
        if after_movetext || !self.variations.is_empty() {
            self.close_game();
        }
        let parse = parse_tag(chars, start);
        let builder = self.ensure_game(line);
        if let Some((name, value)) = parse.tag {
            builder.game.tags.push(Tag { name, value, span });
        }
        if let Some((at, message)) = parse.problem {
            self.problem(span_at(line, at), message);
        }
        parse.end
    }

    fn open_paren(&mut self, chars: &[char], start: usize, line: u32) -> usize {
        let span = span_at(line, start);
        // `(e.p.)` and `(=)` are marks, not variations: a variation that held nothing but
        // one of them would mean nothing.
        if let Some((len, mark)) = paren_mark(chars, start) {
            if self.variations.is_empty() {
                let text = collect(chars, start, start + len);
                match mark {
                    ParenMark::EnPassant => self.en_passant(&text, span),
                    ParenMark::DrawOffer => self.annotation("draw offer", text, span),
                }
            }
            return start + len;
        }
        if self.variations.is_empty() {
            self.begin_movetext(line).game.variations += 1;
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
    fn dollar(&mut self, chars: &[char], start: usize, line: u32) -> usize {
        let span = span_at(line, start);
        let mut end = start + 1;
        while chars.get(end).is_some_and(char::is_ascii_digit) {
            end += 1;
        }
        if end > start + 1 {
            if self.variations.is_empty() {
                self.annotation("annotation", collect(chars, start, end), span);
            }
            end
        } else {
            let end = token_end(chars, start + 1);
            self.unreadable(&collect(chars, start, end), span);
            end
        }
    }

    fn token(&mut self, text: &str, span: Span) {
        let kind = classify(text);
        if !self.variations.is_empty() {
            // The content of variations is not kept, but what cannot be read is still said.
            let unreadable = match kind {
                Kind::Unreadable => Some((text, 0)),
                Kind::Number { rest, .. } | Kind::Ellipsis { rest } => {
                    let (_, glued) = split_chars(text, rest);
                    (!glued.is_empty() && !is_move_text(glued)).then_some((glued, rest))
                }
                _ => None,
            };
            if let Some((part, offset)) = unreadable {
                self.unreadable(part, shifted(span, offset));
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
                self.begin_movetext(span.line);
                self.flush_pending();
                let (_, glued) = split_chars(text, rest);
                self.pending = Some(Pending {
                    number,
                    span,
                    text: None,
                    bare: false,
                });
                self.glued_move(glued, span, rest);
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
                    text: Some(text.to_owned()),
                    bare: true,
                });
            }
            Kind::Ellipsis { rest } => {
                self.begin_movetext(span.line);
                // `12. ... Nf6`: the dots say that the number is Black's. Without a number
                // they only say that Black moves next, which the next layer knows anyway.
                if let Some(pending) = &mut self.pending {
                    pending.number.black = true;
                }
                let (_, glued) = split_chars(text, rest);
                self.glued_move(glued, span, rest);
            }
            Kind::EnPassant => self.en_passant(text, span),
            Kind::Check => {
                let mark = text.to_owned();
                self.attach("check mark", text, span, |m| m.text.push_str(&mark));
            }
            Kind::Annotation => self.annotation("annotation", text.to_owned(), span),
            Kind::Move => self.push_move(text, span),
            Kind::Unreadable => self.unreadable(text, span),
        }
    }

    /// The move glued to a move number (`12.e4`), which starts `offset` characters in.
    fn glued_move(&mut self, text: &str, span: Span, offset: usize) {
        if text.is_empty() {
            return;
        }
        let span = shifted(span, offset);
        if is_move_text(text) {
            self.push_move(text, span);
        } else {
            self.unreadable(text, span);
        }
    }

    fn push_move(&mut self, text: &str, span: Span) {
        self.begin_movetext(span.line);
        let number = self.pending.take().map(|p| p.number);
        let (text, annotations) = split_suffixes(text);
        self.ensure_game(span.line).game.moves.push(MoveToken {
            text,
            span,
            number,
            annotations,
            comments: Vec::new(),
        });
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
        let (mark, marks) = split_suffixes(text);
        // A check mark may follow the en passant mark (`e.p.+`); it stays with the move.
        let check = mark
            .as_str()
            .get(without_check_mark(&mark).len()..)
            .unwrap_or_default()
            .to_owned();
        self.attach("en passant mark", text, span, |m| {
            m.text.push_str("e.p.");
            m.text.push_str(&check);
            m.annotations.extend(marks);
        });
    }

    fn annotation(&mut self, what: &str, text: String, span: Span) {
        self.attach(what, &text.clone(), span, |m| m.annotations.push(text));
    }

    /// Applies a mark to the last move of the main line, or reports that there is none.
    fn attach(&mut self, what: &str, text: &str, span: Span, apply: impl FnOnce(&mut MoveToken)) {
        if self.finished() {
            self.problem(span, format!("{what} `{}` after the result", quote(text)));
            return;
        }
        // A mark right after a move number has no move to go with, and the number stays for
        // the move that follows; a bare integer before it is the move itself (`12 +` can only
        // mean that `12` was meant as a move).
        match &self.pending {
            Some(pending) if !pending.bare => {
                self.problem(span, format!("{what} `{}` follows no move", quote(text)));
                return;
            }
            _ => self.flush_pending(),
        }
        let last = self.ensure_game(span.line).game.moves.last_mut();
        match last {
            Some(last) => apply(last),
            None => self.problem(span, format!("{what} `{}` follows no move", quote(text))),
        }
    }
}
