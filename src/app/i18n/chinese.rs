//! The Chinese of every interface string, keyed by its English (a test checks that none is
//! missing).

/// The Chinese for an English interface string, if there is one.
pub fn chinese(english: &str) -> Option<&'static str> {
    Some(match english {
        "Black wins" => "黑棋胜",
        "White wins" => "白棋胜",
        "five in a row" => "五连",
        "forbidden move" => "禁手",
        "resignation" => "认输",
        "Draw: the board is full" => "和棋：棋盘已满",
        "Unfinished" => "未完成",
        "Imported game" => "导入的棋局",
        "{black} (Black) vs {white} (White)" => "{black}（黑）对 {white}（白）",
        "Games" => "棋谱",
        "No games yet. Finished games are kept here." => "还没有棋局。下完的棋局会保存在这里。",
        "Import" => "导入",
        "Paste a Gomoku JSON record, a position string (h8i9j10) or a Piskvork .psq file:" => {
            "粘贴五子棋 JSON 棋谱、局面字符串（h8i9j10）或 Piskvork .psq 文件："
        }
        "Position strings are read on the menu's {size} board with its rule ({rule}); .psq files with its rule." => {
            "局面字符串按菜单中的 {size} 棋盘和规则（{rule}）读取；.psq 文件按菜单中的规则读取。"
        }
        "File path" => "文件路径",
        "Open file" => "打开文件",
        "Cannot read {file}: {error}" => "无法读取 {file}：{error}",
        "Imported: it is in the list and opens in the replay." => {
            "已导入：棋局已加入列表并在回放中打开。"
        }
        "Nothing was imported: {error}" => "未导入任何内容：{error}",
        "The game on the board:" => "当前棋局：",
        "Copy position string" => "复制局面字符串",
        "Copied to the clipboard." => "已复制到剪贴板。",
        "{n} moves" => "{n} 手",
        "{n} move" => "{n} 手",
        "Replay" => "回放",
        "Copy" => "复制",
        "Position string" => "局面字符串",
        "JSON record" => "JSON 棋谱",
        "Piskvork .psq" => "Piskvork .psq",
        "Save .psq" => "保存 .psq",
        "Saved as {file}" => "已保存为 {file}",
        "This record cannot be read: {error}" => "无法读取此棋谱：{error}",
        "Saved data" => "存档",
        "OK" => "确定",
        "Menu" => "菜单",
        "Undo" => "悔棋",
        "Redo" => "重做",
        "Restart" => "重新开始",
        "Restart?" => "重新开始？",
        "The game in progress ({n} moves) will be kept in Games as unfinished." => {
            "进行中的棋局（{n} 手）将作为未完成的棋局保存在棋谱中。"
        }
        "Keep playing" => "继续下棋",
        "Resign" => "认输",
        "Undos left: {n}" => "剩余悔棋：{n}",
        "AI thinking..." => "AI 思考中……",
        "{rule} rule, {n}x{n}" => "{rule}规则，{n}x{n}",
        "Move {n}" => "第 {n} 手",
        "Red crosses: points forbidden to Black." => "红叉：黑棋的禁手点。",
        "Guest" => "游客",
        "AI {n} ({name})" => "AI {n}（{name}）",
        "{person} ({colour}) vs {ai}" => "{person}（{colour}）对 {ai}",
        "AI vs AI, {level}" => "电脑对电脑，{level}",
        "Gomoku" => "五子棋",
        "Players" => "玩家",
        "Against the AI" => "人机对战",
        "Two players" => "双人对战",
        "AI against AI" => "电脑对电脑",
        "Black player" => "黑方玩家",
        "Player" => "玩家",
        "Players..." => "玩家……",
        "White player" => "白方玩家",
        "You play" => "你执",
        "Black (first)" => "黑棋（先手）",
        "White" => "白棋",
        "AI level" => "AI 等级",
        "{n} - {name}" => "{n} - {name}",
        "Rule" => "规则",
        "Board" => "棋盘",
        "Forbidden move" => "禁手",
        "is refused" => "不允许落子",
        "loses the game" => "判负",
        "New game" => "新游戏",
        "Back to the game" => "返回棋局",
        "A new game starts with these settings." => "新游戏将使用这些设置。",
        "Settings" => "设置",
        "Game over" => "对局结束",
        "Play again" => "再来一局",
        "Draw" => "和棋",
        "You win!" => "你赢了！",
        "The AI wins" => "AI 获胜",
        "The name is empty." => "名字为空。",
        "The name is too long (24 characters at most)." => "名字太长（最多 24 个字符）。",
        "The name holds control characters." => "名字含有控制字符。",
        "There is already a player called {name}." => "已有名为 {name} 的玩家。",
        "That player no longer exists." => "该玩家已不存在。",
        "Who is playing?" => "谁在下棋？",
        "Play as this player" => "以此玩家身份下棋",
        "New player" => "新建玩家",
        "Name" => "名字",
        "Create" => "创建",
        "{title}, rating {rating}" => "{title}，积分 {rating}",
        "{n} points to {title}" => "距{title}还差 {n} 分",
        "{n} point to {title}" => "距{title}还差 {n} 分",
        "The top of the ladder" => "已达最高段位",
        "{wins}, {losses}, {draws}; win rate {rate}" => "{wins} {losses} {draws}；胜率 {rate}",
        "{n} win" => "{n} 胜",
        "{n} wins" => "{n} 胜",
        "{n} loss" => "{n} 负",
        "{n} losses" => "{n} 负",
        "{n} draw" => "{n} 和",
        "{n} draws" => "{n} 和",
        "{player} wins with a row of {n}" => "{player}{n}子连线获胜",
        "Winning streak {current}, best {best}" => "当前连胜 {current}，最佳 {best}",
        "Against" => "对手",
        "Won" => "胜",
        "Lost" => "负",
        "Drawn" => "和",
        "AI level {n}" => "AI 等级 {n}",
        "AI" => "AI",
        "A person" => "真人",
        "Rename" => "重命名",
        "Delete..." => "删除……",
        "Delete this player and their results?" => "删除此玩家及其战绩？",
        "Delete" => "删除",
        "Keep" => "保留",
        "Move {at} of {n}" => "第 {at} / {n} 手",
        "Continue from here" => "从这里继续",
        "A new game from this position, with the players chosen in the menu" => {
            "从此局面开始新对局，使用菜单中选择的玩家"
        }
        "Close" => "关闭",
        "Language" => "语言",
        "System" => "跟随系统",
        "Theme" => "主题",
        "Sound" => "声音",
        "Mute" => "静音",
        "Move numbers on the stones" => "棋子上显示手数",
        "Coordinates" => "坐标",
        "Show the AI's suggested move" => "显示 AI 建议的落点",
        "Tap twice to place a stone" => "点两下落子",
        "On a touch screen: the first tap shows the stone, a second tap on it plays it." => {
            "触屏上：点一下显示棋子，在同一点再点一下落子。"
        }
        "Unlimited" => "不限",
        "Budget: 10 to start, 10 more per win against the AI" => {
            "限量：初始 10 次，每赢 AI 一局加 10 次"
        }
        "{at} is forbidden for Black: {kind}" => "{at} 是黑棋禁手：{kind}",
        "No undos left: win a game against the AI to earn 10 more" => {
            "悔棋次数已用完：赢 AI 一局可再得 10 次"
        }
        "{colour} (AI)" => "{colour}（AI）",
        "{player} played {at}. " => "{player} 落子 {at}。",
        "{player} to move" => "轮到{player}",
        "{player} wins with five in a row" => "{player}五连获胜",
        "Black played the forbidden {at} ({kind}). White wins" => {
            "黑棋在 {at} 下出禁手（{kind}），白棋胜"
        }
        "{loser} resigned. {winner} wins" => "{loser}认输，{winner}胜",
        "The board is full: a draw" => "棋盘已满：和棋",
        "Beginner" => "初学者",
        "Novice" => "入门",
        "Amateur" => "业余棋手",
        "Club player" => "俱乐部棋手",
        "Expert" => "高手",
        "Candidate master" => "候补大师",
        "Master" => "大师",
        "Freestyle" => "自由",
        "Standard" => "标准",
        "Renju" => "连珠",
        "Black" => "黑棋",
        "double-three" => "三三",
        "double-four" => "四四",
        "overline" => "长连",
        "Wood" => "木纹",
        "Dark" => "深色",
        "High contrast" => "高对比度",
        "Casual" => "休闲",
        "Club" => "俱乐部",
        "{file} could not be read ({reason}). It was kept as {kept} and a fresh one is used." => {
            "无法读取 {file}（{reason}）。原文件已保存为 {kept}，现使用新文件。"
        }
        "{file} could not be read ({reason}) nor moved aside: it is left as it is and nothing is written over it." => {
            "无法读取 {file}（{reason}），也无法移到一旁：文件保持原样，不会被覆盖。"
        }
        "Not saved: {reason}" => "未保存：{reason}",
        "Master level" => "大师级",
        " s" => " 秒",
        "AI threads" => "AI 线程",
        "of {n} cores" => "共 {n} 个核心",
        "1 (this machine has one core)" => "1（本机只有一个核心）",
        "{n} - {name} (up to {secs} s per move)" => "{n} - {name}（每步最多 {secs} 秒）",
        "at most, per move" => "每步最多",
        "None" => "无",
        "Swap" => "交换",
        "Swap2" => "二次交换",
        "Soosõrv-8" => "索索夫-8",
        "No opening rule: Black plays first." => "无开局规则：黑棋先行。",
        "The first player places three stones (two black, one white); the second chooses \
         a colour." => "先手方放三子（两黑一白），后手方选择执黑或执白。",
        "The first player places three stones; the second takes a colour, or places two \
         more stones and lets the first choose." => {
            "先手方放三子；后手方选择执黑或执白，或再放两子由先手方选择。"
        }
        "Renju's tournament rule: one of the 26 openings, a swap after the third and the \
         fourth moves, and white's pick among black's fifth-move offers." => {
            "连珠比赛规则：26 种开局之一，第三手和第四手后可交换，白方从黑方提供的第五手中选择。"
        }
        "First player" => "先手方",
        "Second player" => "后手方",
        "You" => "你",
        "The AI" => "AI",
        "The opening is over" => "开局已结束",
        "{who}: place stone {n} of {last}, {colour}" => "{who}：放第 {n}/{last} 子，{colour}",
        "{who}: take Black, take White, or place two more stones" => {
            "{who}：执黑、执白，或再放两子"
        }
        "{who}: take Black or take White" => "{who}：选择执黑或执白",
        "{who}: declare how many fifth moves Black must offer (1 to {max})" => {
            "{who}：声明黑方须提供几个第五手（1 到 {max}）"
        }
        "{who}: offer fifth move {n} of {declared} for Black (no two may mirror each other)" => {
            "{who}：为黑方提供第五手 {n}/{declared}（不得互相对称）"
        }
        "{who}: pick one of the {n} fifth moves offered (marked on the board)" => {
            "{who}：从棋盘上标出的 {n} 个第五手中选一个"
        }
        "{who} offered {at}" => "{who}提供了 {at}",
        "{who} placed {at}" => "{who}放了 {at}",
        "{who} picked {at}" => "{who}选了 {at}",
        "{who} took Black" => "{who}执黑",
        "{who} took White" => "{who}执白",
        "{who} chose to place two more stones" => "{who}选择再放两子",
        "{who} declared {n} fifth-move offers" => "{who}声明 {n} 个第五手",
        "Opening over: you play {colour}." => "开局结束：你执{colour}。",
        "Opening over: the first player plays {colour}." => "开局结束：先手方执{colour}。",
        "Not your turn: {step}" => "还没轮到你。{step}",
        "No stone to place now: {step}" => "现在不能放子。{step}",
        "Not what this step asks: {step}" => "这一步不能这样做。{step}",
        "That choice is not offered here: {step}" => "这里没有这个选项。{step}",
        "{at} is off the board" => "{at} 在棋盘之外",
        "{at} is already taken" => "{at} 已有棋子",
        "{at}: the first stone goes on the centre" => "{at}：第一子须下在天元",
        "{at}: the second stone goes next to the centre" => "{at}：第二子须紧挨天元",
        "{at}: the third stone goes within the central 5x5 square" => {
            "{at}：第三子须在中央 5x5 范围内"
        }
        "Declare 1 to {max} offers" => "请声明 1 到 {max} 个",
        "{at} mirrors the offer {twin}: offers may not be symmetric" => {
            "{at} 与已提供的 {twin} 对称：提供的第五手不得对称"
        }
        "{at} is not one of the fifth moves offered" => "{at} 不是提供的第五手之一",
        "This opening rule cannot be played with this rule and board" => {
            "此开局规则不能用于这个规则和棋盘"
        }
        "Opening" => "开局",
        "First (you open)" => "先手（你开局）",
        "Second (the AI opens)" => "后手（AI 开局）",
        "Soosõrv-8 is played under the renju rule." => "索索夫-8 只用于连珠规则。",
        "Opening: {rule}" => "开局：{rule}",
        "Take Black" => "执黑",
        "Take White" => "执白",
        "Place two more stones" => "再放两子",
        "Fifth-move offers:" => "第五手数量：",
        "Click the board to place the stone." => "点击棋盘放子。",
        "Click the board to offer a fifth move." => "点击棋盘提供第五手。",
        "Click one of the numbered offers to pick it." => "点击一个带编号的第五手来选择。",
        "Undo takes back the last step." => "悔棋可撤回上一步。",
        "{first} (first) vs {second} (second)" => "{first}（先手）对 {second}（后手）",
        "{done}. {next}" => "{done}。{next}",
        "{opening} {next}" => "{opening}{next}",
        "Analysis" => "分析",
        "Analyse" => "分析",
        "Depth {depth}, {nodes} nodes a line" => "深度 {depth}，每条 {nodes} 节点",
        "The game is over in this position." => "此局面棋局已结束。",
        "Analysing..." => "分析中……",
        "Side line: {n} moves (the game is not changed)" => "变化：{n} 手（棋局不变）",
        "Take back" => "退一手",
        "Back to the replay" => "返回回放",
        "Black wins: {kind} in {n}" => "黑棋胜：{n} 手 {kind}",
        "White wins: {kind} in {n}" => "白棋胜：{n} 手 {kind}",
        "Play {at}" => "下 {at}",
        "Steps through the win on the side line" => "在变化中一步步走出胜法",
        "Best moves" => "最佳着法",
        "Review" => "复盘",
        "Cancel" => "取消",
        "Reviewing move {done} of {n}..." => "复盘中：第 {done} / {n} 手……",
        "No review: {error}" => "无法复盘：{error}",
        "The engine marks every move, from best to blunder." => "引擎为每一手评级，从最佳到大错。",
        "Review this game" => "复盘这盘棋",
        "Another game is being reviewed." => "另一盘棋正在复盘。",
        "The review was stopped before the end." => "复盘在结束前被停止。",
        "Move {n}, {colour} {at}: {mark}" => "第 {n} 手，{colour} {at}：{mark}",
        "The engine's choice: {at}" => "引擎的选择：{at}",
        "Click the graph to go to a move." => "点击曲线图可跳到那一手。",
        "Evaluation graph" => "形势曲线图",
        "First move" => "第一手",
        "Previous move" => "上一手",
        "Next move" => "下一手",
        "Last move" => "最后一手",
        "Dismiss" => "关闭提示",
        "The engine marks every move of the game" => "引擎为这盘棋的每一手评级",
        "Accuracy" => "准确率",
        "Inaccuracies" => "欠准",
        "Mistakes" => "错着",
        "Blunders" => "大错",
        "Missed wins" => "错失胜机",
        "best" => "最佳",
        "good" => "好棋",
        "inaccuracy" => "欠准",
        "mistake" => "错着",
        "blunder" => "大错",
        "missed win" => "错失胜机",
        "Puzzles" => "习题",
        "Built-in" => "内置",
        "From my games" => "来自我的棋局",
        "No puzzles here yet: review your games, and every win you missed becomes one." => {
            "这里还没有习题：复盘你的棋局，每个错失的胜机都会变成一道习题。"
        }
        "Puzzle {i} of {n}, {rule}" => "第 {i} / {n} 题，{rule}",
        "Puzzle {i} of {n} (game {game}, move {at}), {rule}" => {
            "第 {i} / {n} 题（第 {game} 局第 {at} 手），{rule}"
        }
        "Easy" => "简单",
        "Medium" => "中等",
        "Hard" => "困难",
        "{colour} to play and win" => "{colour}先走必胜",
        "Solved!" => "解开了！",
        "Wrong: the win slips away." => "错了：胜机溜走了。",
        "A winning move was {at}." => "一个制胜着法是 {at}。",
        "Right. The defence: {at}. Go on." => "正确。对方防守：{at}。继续。",
        "Find the winning move." => "找出制胜的一手。",
        "Hint: a {kind}, {n} moves of yours" => "提示：{kind}，你要走 {n} 手",
        "Hint: play {at}" => "提示：下 {at}",
        "Hint" => "提示",
        "Retry" => "重试",
        "Previous puzzle" => "上一题",
        "Next puzzle" => "下一题",
        "{name}: {solved} solved, {failed} failed, streak {streak} (best {best})" => {
            "{name}：解开 {solved}，失败 {failed}，连续解开 {streak}（最多 {best}）"
        }
        // Online play.
        "(free seat)" => "（空位）",
        "(you)" => "（你）",
        "Accept" => "接受",
        "Ask for a takeback" => "请求悔棋",
        "Back to the lobby" => "返回大厅",
        "Connect" => "连接",
        "Connected as {name}" => "已连接，名字：{name}",
        "Connecting..." => "正在连接……",
        "Create a room" => "创建房间",
        "Decline" => "拒绝",
        "Draw by agreement" => "协议和棋",
        "Draw offered" => "对方提和",
        "Empty: the default server" => "留空：使用默认服务器",
        "Games to watch" => "可观战的棋局",
        "Give it to your opponent: they join with it in the lobby." => {
            "把它告诉对手：对手在大厅里用它加入。"
        }
        "Grant" => "同意",
        "Invite code" => "邀请码",
        "Invite code:" => "邀请码：",
        "Join" => "加入",
        "No public games right now." => "现在没有公开的棋局。",
        "Not connected." => "未连接。",
        "Offer a draw" => "提和",
        "Online game" => "网络对局",
        "Online name" => "网络对战名字",
        "Online server" => "网络对战服务器",
        "Play online" => "网络对战",
        "Play people on a Gomoku server, or watch their games" => {
            "在五子棋服务器上与人对弈，或观看他们的棋局"
        }
        "Play the next player who asks for the same rule, board and time" => {
            "与下一位选择相同规则、棋盘和用时的玩家对弈"
        }
        "Public: anyone may watch" => "公开：任何人都可以观战",
        "Quick match" => "快速匹配",
        "Random" => "随机",
        "Refresh" => "刷新",
        "Resign?" => "认输？",
        "Resume" => "继续",
        "Server" => "服务器",
        "Spectators: {n}" => "观众：{n}",
        "Takeback asked" => "对方请求悔棋",
        "The game ends and your opponent wins." => "对局结束，对手获胜。",
        "The game is kept in your games." => "这盘棋已保存到你的棋谱中。",
        "The room was closed" => "房间已关闭",
        "Time" => "用时",
        "Untimed" => "不计时",
        "Waiting for an opponent..." => "正在等待对手……",
        "Waiting for the server..." => "正在等待服务器……",
        "Watch" => "观战",
        "Watching" => "观战中",
        "You asked for a takeback." => "你已请求悔棋。",
        "You offered a draw." => "你已提和。",
        "Your colour" => "你的颜色",
        "Your games" => "你的棋局",
        "No game to go back to." => "没有未下完的棋局。",
        "Your move" => "轮到你下",
        "Your name" => "你的名字",
        "Your opponent asks to take back their last move." => "对手请求收回上一步棋。",
        "Your opponent offers a draw." => "对手提出和棋。",
        "Your opponent's move" => "轮到对手下",
        "disconnected" => "已断线",
        "Rating {rating}" => "积分 {rating}",
        "on time" => "超时",
        "A rating followed by ? is provisional: it settles after more rated games." => {
            "带 ? 的积分还不准：多下几盘计分对局后才会准。"
        }
        "Connected as {name}, rating {rating}" => "已连接，名字：{name}，积分 {rating}",
        "Not connected to the server: that was not sent." => "未连接服务器，这一步没有完成。",
        "Reconnecting..." => "正在重新连接……",
        "The connection to the server was lost." => "与服务器的连接中断了。",
        "The server address {address} is not a WebSocket address: check it in the settings (it looks like ws://host:7878/ws)." => {
            "{address} 不是 WebSocket 服务器的写法：请在设置里确认，写法是 ws://host:7878/ws。"
        }
        "The server cannot be reached: check its address in the settings; the server may be down." => {
            "连不上服务器：请在设置里确认服务器写对了；也可能服务器没有开。"
        }
        "The server does not answer: check its address in the settings; the server may be down." => {
            "服务器没有回应：请在设置里确认服务器写对了；也可能服务器没有开。"
        }
        "The server refused the connection: {why}" => "服务器拒绝了连接：{why}",
        "{why} Reconnecting by itself..." => "{why}正在自动重新连接……",
        "{why} Trying again by itself in {n} s." => "{why}{n} 秒后自动重试。",
        "opponent left" => "对手离开",
        "the active player's name" => "当前玩家的名字",
        "{min} min + {inc} s" => "{min} 分 + {inc} 秒",
        // The player cards, the move list and the clocks of local games.
        "Clock" => "计时",
        "Each side's time for the game, and the seconds added after each move" => {
            "每方整局的用时，以及每走一步后加的秒数"
        }
        "{min} min" => "{min} 分",
        "To move" => "轮到走棋",
        "Thinking" => "思考中",
        "Wins" => "获胜",
        "Unrated" => "无等级分",
        "Moves" => "着法",
        "No moves yet" => "还没有落子",
        "(a past position)" => "（之前的局面）",
        "{loser} ran out of time. {winner} wins" => "{loser}超时，{winner}胜",
        // The main menu as a title screen.
        "Five in a row" => "五子连珠",
        "Play the AI" => "人机对战",
        "You against the computer, at five levels" => "你与电脑对弈，共五个等级",
        "Two people at one screen" => "两人在同一屏幕上对弈",
        "Watch the AI" => "观看电脑对弈",
        "The computer plays itself" => "电脑自己与自己对弈",
        "Find the forced win" => "找出必胜的走法",
        "The finished games: replay, review, import and export" => {
            "下完的棋局：回放、复盘、导入和导出"
        }
        "Profiles, results and ranks" => "玩家档案、战绩和段位",
        "Language, theme, sound and the board" => "语言、主题、声音和棋盘",
        "{name}: {text}" => "{name}：{text}",
        "Plays loosely and often misses threats." => "下得随意，常常看漏威胁。",
        "Sees the obvious moves but still makes mistakes." => "能看到明显的棋，但仍会犯错。",
        "Reads a few moves ahead. A fair game." => "能往前算几步，势均力敌。",
        "Searches deep. A strong opponent." => "深入计算，强劲的对手。",
        "Full strength, up to {secs} s per move." => "全力以赴，每步最多 {secs} 秒。",
        "Five or more in a row wins." => "五子或更多连成一线即胜。",
        "Exactly five in a row wins; six or more do not." => "恰好五子连线才胜，六子以上不算。",
        "Black may not make a double-three, a double-four or an overline." => {
            "黑棋不得走三三、四四或长连。"
        }
        _ => return None,
    })
}
