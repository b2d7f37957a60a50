//! Messages that come from the engine and the store (import errors, unreadable files) in the
//! player's language. They are built in English where they arise; here each known shape is a
//! template, matched against the text, and its parts are translated in turn (a message often
//! wraps another: "line 3: move 2 (h8) is not legal: the point is already taken"). Parts with no
//! template (a move, a file name, a parser's own detail) stay as they are.

use super::Lang;
use crate::players::settings::Language;

/// English message shapes and their Chinese; `{name}` stands for any text.
pub const TEMPLATES: &[(&str, &str)] = &[
    ("line {n}: {rest}", "第 {n} 行：{rest}"),
    ("missed block at {a} or {b}", "漏防 {a} 或 {b}"),
    ("missed block at {at}", "漏防 {at}"),
    ("missed {kind}: {at}", "错失 {kind}：{at}"),
    ("the game has no moves to review", "这盘棋没有可复盘的着法"),
    ("the review was stopped", "复盘已停止"),
    ("the game does not replay: {why}", "棋局无法重放：{why}"),
    (
        "move {n} ({at}) is not legal: {why}",
        "第 {n} 手（{at}）不合规则：{why}",
    ),
    ("({x}, {y}) is already taken", "（{x}, {y}）已有棋子"),
    ("({x}, {y}) is off the board", "（{x}, {y}）在棋盘之外"),
    ("the point is already taken", "该点已有棋子"),
    ("the point is off the board", "该点在棋盘之外"),
    ("the game is over", "对局已结束"),
    ("forbidden for black: {kind}", "黑棋禁手：{kind}"),
    ("'{text}' is not a move: {why}", "“{text}”不是一手棋：{why}"),
    ("empty move", "着法为空"),
    ("a move starts with a column letter", "着法应以列字母开头"),
    (
        "the column letter must be followed by a row number",
        "列字母后应跟行号",
    ),
    (
        "column '{c}' is off a {n}x{m} board (a..{last})",
        "列“{c}”超出 {n}x{m} 棋盘（a..{last}）",
    ),
    (
        "row {r} is off a {n}x{m} board (1..{last})",
        "行 {r} 超出 {n}x{m} 棋盘（1..{last}）",
    ),
    ("a row number without a column letter", "行号前缺少列字母"),
    ("unexpected character '{c}'", "意外的字符“{c}”"),
    (
        "not a position string on a {n}x{m} board: {why}",
        "不是 {n}x{m} 棋盘上的局面字符串：{why}",
    ),
    ("the position string has no moves", "局面字符串中没有着法"),
    (
        "there is nothing to import: the text is empty",
        "没有可导入的内容：文本为空",
    ),
    ("the .psq file is empty", ".psq 文件为空"),
    (
        "the text is {n} KB, more than a game record can be ({m} KB at most)",
        "文本有 {n} KB，超出棋谱的大小（最多 {m} KB）",
    ),
    ("the .psq file has no moves", ".psq 文件中没有着法"),
    (
        "expected the header 'Piskvorky WxH, ...', found '{h}'",
        "应为文件头“Piskvorky WxH, ...”，实际为“{h}”",
    ),
    (
        "expected the board size as WxH, found '{d}'",
        "棋盘大小应写作 WxH，实际为“{d}”",
    ),
    (
        "the board size '{d}' is not two numbers",
        "棋盘大小“{d}”不是两个数字",
    ),
    (
        "only square boards are supported, this one is {w}x{h}",
        "只支持正方形棋盘，此棋盘为 {w}x{h}",
    ),
    (
        "a {w}x{h} board is not supported (sides {a} to {b})",
        "不支持 {w}x{h} 的棋盘（边长 {a} 到 {b}）",
    ),
    (
        "'{line}' is not a move: expected x,y,time with whole numbers",
        "“{line}”不是一手棋：应为整数 x,y,time",
    ),
    (
        "move '{line}' is off the {n}x{m} board (coordinates 1 to {last})",
        "着法“{line}”超出 {n}x{m} 棋盘（坐标 1 到 {last}）",
    ),
    (
        "not a Gomoku record: the format is '{f}', expected '{e}'",
        "不是五子棋棋谱：格式为“{f}”，应为“{e}”",
    ),
    (
        "the record has format version {v}, newer than this Gomoku reads ({w}); update the game to open it",
        "棋谱格式版本为 {v}，比本程序能读取的（{w}）更新；请更新游戏后再打开",
    ),
    ("the moves: {why}", "着法：{why}"),
    (
        "the result says {a} ({b}) but the moves give {c} ({d})",
        "记录的结果为 {a}（{b}），但按着法应为 {c}（{d}）",
    ),
    ("not a valid record: {detail}", "不是有效的棋谱：{detail}"),
    (
        "board size {n} is not supported (use {a} to {b})",
        "不支持棋盘大小 {n}（应为 {a} 到 {b}）",
    ),
    (
        "the file ends early (line {n}), it was cut short",
        "文件在第 {n} 行提前结束，内容不完整",
    ),
    ("not valid JSON: {e}", "不是有效的 JSON：{e}"),
    (
        "the format is '{f}', expected '{e}'",
        "格式为“{f}”，应为“{e}”",
    ),
    (
        "format version {v}, this Gomoku reads versions 1 to {w}",
        "格式版本 {v}，本程序能读取版本 1 到 {w}",
    ),
    ("the document has no data", "文件中没有数据"),
    ("the data does not fit: {e}", "数据不符合格式：{e}"),
    ("{p} could not be read: {e}", "无法读取 {p}：{e}"),
    (
        "{p} could not be saved ({what}): {e}",
        "无法保存 {p}（{what}）：{e}",
    ),
    (
        "{p} could not be moved aside: {e}",
        "无法将 {p} 移到一旁：{e}",
    ),
    ("{p}; moving it aside failed: {e}", "{p}；移到一旁失败：{e}"),
    (
        "{k} is not saved: the existing file could not be read or moved aside, and it is not overwritten",
        "{k} 未保存：现有文件无法读取或移到一旁，因此不会覆盖它",
    ),
    ("player {n}: {why}", "玩家 {n}：{why}"),
    ("the name is empty", "名字为空"),
    (
        "the name is longer than {n} characters",
        "名字超过 {n} 个字符",
    ),
    ("the name holds control characters", "名字含有控制字符"),
    ("the name has spaces around it", "名字前后有空格"),
    (
        "there is already a player called '{n}'",
        "已有名为“{n}”的玩家",
    ),
    ("the id {n} is not unique", "编号 {n} 重复"),
    (
        "the volume {v} is not between 0 and 1",
        "音量 {v} 不在 0 到 1 之间",
    ),
    (
        "{n} s per move is not between 1 and {m}",
        "每步 {n} 秒不在 1 到 {m} 之间",
    ),
    ("{n} threads are more than {m}", "{n} 个线程超过 {m}"),
    ("the board size {n} is not supported", "不支持棋盘大小 {n}"),
    ("there is no AI level {n}", "没有 AI 等级 {n}"),
    (
        "the moves are more than any board holds",
        "着法数超过任何棋盘的容量",
    ),
    (
        "the {c} player's name is longer than {n} characters",
        "{c}方玩家的名字超过 {n} 个字符",
    ),
    (
        "the {c} player's name holds control characters",
        "{c}方玩家的名字含有控制字符",
    ),
    ("the date is not a date", "日期无效"),
    ("black", "黑"),
    ("white", "白"),
    ("creating the folder", "创建文件夹"),
    ("writing", "写入"),
    ("replacing", "替换"),
    ("double-three", "三三"),
    ("double-four", "四四"),
    ("overline", "长连"),
];

impl Lang {
    /// A message from the engine or the store in this language.
    pub fn message(self, text: &str) -> String {
        match self.0 {
            Language::English => text.to_owned(),
            Language::Chinese => translate(text, 0),
        }
    }
}

fn translate(text: &str, depth: usize) -> String {
    if depth > 8 {
        return text.to_owned();
    }
    for (english, chinese) in TEMPLATES {
        if let Some(parts) = matches(english, text) {
            let mut out = (*chinese).to_owned();
            for (name, value) in parts {
                out = out.replace(&format!("{{{name}}}"), &translate(value, depth + 1));
            }
            return out;
        }
    }
    text.to_owned()
}

/// The template's literal pieces and placeholder names, in order.
fn pieces(template: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push(Piece::Text(&rest[..open]));
        let close = rest[open..].find('}').map_or(rest.len(), |c| open + c);
        out.push(Piece::Hole(&rest[open + 1..close]));
        rest = &rest[(close + 1).min(rest.len())..];
    }
    out.push(Piece::Text(rest));
    out
}

enum Piece<'a> {
    Text(&'a str),
    Hole(&'a str),
}

/// Matches `text` against `template`, returning each placeholder's text.
fn matches<'t>(template: &str, text: &'t str) -> Option<Vec<(String, &'t str)>> {
    let pieces = pieces(template);
    let mut at = 0;
    let mut holes = Vec::new();
    let mut pending: Option<&str> = None;
    for (i, piece) in pieces.iter().enumerate() {
        match piece {
            Piece::Text(lit) => {
                let rest = &text[at..];
                match pending.take() {
                    None => {
                        rest.strip_prefix(lit)?;
                        at += lit.len();
                    }
                    Some(name) => {
                        let last = i == pieces.len() - 1;
                        let found = if last {
                            // The final literal ends the text.
                            rest.strip_suffix(lit).map(|r| r.len())?
                        } else if lit.is_empty() {
                            return None;
                        } else {
                            rest.find(lit)?
                        };
                        if found == 0 {
                            return None;
                        }
                        holes.push((name.to_owned(), &rest[..found]));
                        at += found + lit.len();
                    }
                }
            }
            Piece::Hole(name) => pending = Some(name),
        }
    }
    (at == text.len()).then_some(holes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zh(text: &str) -> String {
        Lang(Language::Chinese).message(text)
    }

    #[test]
    fn nested_messages_are_translated_part_by_part() {
        assert_eq!(
            zh("line 3: move 2 (h8) is not legal: the point is already taken"),
            "第 3 行：第 2 手（h8）不合规则：该点已有棋子"
        );
        assert_eq!(
            zh("move 9 (h8) is not legal: forbidden for black: double-three"),
            "第 9 手（h8）不合规则：黑棋禁手：三三"
        );
        assert_eq!(
            zh(
                "not a position string on a 15x15 board: 'z3' is not a move: column 'z' is off a 15x15 board (a..o)"
            ),
            "不是 15x15 棋盘上的局面字符串：“z3”不是一手棋：列“z”超出 15x15 棋盘（a..o）"
        );
        // Unknown text stays as it is.
        assert_eq!(zh("something else"), "something else");
        assert_eq!(
            Lang(Language::English).message("the game is over"),
            "the game is over"
        );
    }
}
