//! The server tests' helpers: the real `gomoku-server` binary on a free loopback port with its
//! own database, and blocking WebSocket clients with timeouts on every read.
#![allow(dead_code)]

pub mod pg;

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use gomoku_net::{ErrorCode, PlayerInfo, RoomState, SeatInfo, ServerMessage};
use serde_json::{Value, json};
use tungstenite::client::IntoClientRequest;
use tungstenite::{Message, WebSocket};

/// How long any single wait may take before the test fails.
pub const WAIT: Duration = Duration::from_secs(10);

/// A fresh, empty directory for one test's database.
pub fn temp_dir(name: &str) -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "gomoku-server-test-{name}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("make the test directory");
    dir
}

/// A TCP connection to `addr` from the loopback address `from` (all of 127.0.0.0/8 is this
/// machine: another address stands for another client).
pub fn tcp_from(from: &str, addr: &str) -> Result<TcpStream, String> {
    let to: std::net::SocketAddr = addr.parse().map_err(|e| format!("{addr}: {e}"))?;
    let local: std::net::SocketAddr = format!("{from}:0")
        .parse()
        .map_err(|e| format!("{from}: {e}"))?;
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)
        .map_err(|e| e.to_string())?;
    socket.bind(&local.into()).map_err(|e| e.to_string())?;
    socket.connect(&to.into()).map_err(|e| e.to_string())?;
    Ok(socket.into())
}

/// A running server process.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    /// Its database file (or PostgreSQL URL).
    pub db: PathBuf,
    /// Its log (standard error).
    pub log: PathBuf,
}

/// The `gomoku-server` binary the tests run: `GOMOKU_SERVER_BIN` when set (another build, an
/// older one to see a test fail without the change it tests), else the server crate's own
/// (known to its integration tests), else the one `cargo test --workspace` built beside the
/// running test (the game's tests, another package, are not told its path).
pub fn server_binary() -> PathBuf {
    if let Ok(bin) = std::env::var("GOMOKU_SERVER_BIN") {
        return PathBuf::from(bin);
    }
    if let Some(bin) = option_env!("CARGO_BIN_EXE_gomoku-server") {
        return PathBuf::from(bin);
    }
    // The test runs as target/<profile>/deps/<test>-<hash>; the binaries are in target/<profile>.
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.join("gomoku-server")));
    match beside {
        Some(bin) if bin.is_file() => bin,
        _ => panic!(
            "no gomoku-server binary beside the tests: run them with `cargo test --workspace`, \
             or build it first (`cargo build -p gomoku-server --profile test`), or set \
             GOMOKU_SERVER_BIN"
        ),
    }
}

/// The address a just-started server (its standard output piped) says it listens on, from its
/// first line `listening on ws://ADDR/ws`, waiting at most [`WAIT`]; the line it said
/// instead (empty if nothing) as the error.
pub fn listening_address(child: &mut Child) -> Result<String, String> {
    let stdout = child.stdout.take().expect("piped stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx.recv_timeout(WAIT).unwrap_or_default();
    line.trim()
        .strip_prefix("listening on ws://")
        .and_then(|s| s.strip_suffix("/ws"))
        .map(str::to_string)
        .ok_or(line)
}

impl Server {
    /// Starts the binary on a free port with the database `db` and extra flags.
    pub fn start(db: &Path, extra: &[&str]) -> Server {
        Server::start_binary(&server_binary(), db, extra)
    }

    /// Starts the server on a PostgreSQL database (`url`), writing its log to `log`.
    pub fn start_postgres(url: &str, log: &Path, extra: &[&str]) -> Server {
        Server::launch(&server_binary(), url.as_ref(), log, extra)
    }

    /// Starts the server binary at `bin` on a PostgreSQL database (`url`), its log in `log`.
    pub fn start_binary_postgres(bin: &Path, url: &str, log: &Path, extra: &[&str]) -> Server {
        Server::launch(bin, url.as_ref(), log, extra)
    }

    /// Starts the server binary at `bin` on a free port with the database `db`.
    pub fn start_binary(bin: &Path, db: &Path, extra: &[&str]) -> Server {
        Server::launch(bin, db.as_os_str(), &db.with_extension("log"), extra)
    }

    fn launch(bin: &Path, db: &std::ffi::OsStr, log: &Path, extra: &[&str]) -> Server {
        let mut child = Command::new(bin)
            .args(["--port", "0", "--db"])
            .arg(db)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::from(
                std::fs::File::create(log).expect("make the log file"),
            ))
            .spawn()
            .expect("start gomoku-server");
        let addr = match listening_address(&mut child) {
            Ok(addr) => addr,
            Err(line) => {
                let _ = child.kill();
                panic!("the server did not say where it listens: {line:?}");
            }
        };
        assert!(addr.starts_with("127.0.0.1:"), "binds to loopback: {addr}");
        Server {
            child,
            addr,
            db: PathBuf::from(db),
            log: log.to_path_buf(),
        }
    }

    /// Kills the process with SIGKILL (no chance to clean up) and waits for it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Sends the process a signal (`STOP` pauses it, `CONT` lets it go on).
    pub fn signal(&self, name: &str) {
        let ok = Command::new("kill")
            .args([&format!("-{name}"), &self.child.id().to_string()])
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "kill -{name}");
    }

    /// A plain HTTP GET of `path`: the status line and the body.
    pub fn get(&self, path: &str) -> (String, String) {
        use std::io::{Read, Write};
        let mut s = TcpStream::connect(&self.addr).expect("connect");
        s.set_read_timeout(Some(WAIT)).unwrap();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut text = String::new();
        let _ = s.read_to_string(&mut text);
        let status = text.lines().next().unwrap_or_default().to_string();
        let body = text
            .split_once("\r\n\r\n")
            .map(|(_, b)| b.to_string())
            .unwrap_or_default();
        (status, body)
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// What the server has written to its log (standard error) so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// A client connected to this server, without an `Origin` header.
    pub fn client(&self) -> Client {
        Client::connect(&self.addr, None).expect("connect")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A blocking WebSocket client.
pub struct Client {
    ws: WebSocket<TcpStream>,
}

impl Client {
    /// Connects to `addr`, with an `Origin` header when given.
    pub fn connect(addr: &str, origin: Option<&str>) -> Result<Client, String> {
        let stream = TcpStream::connect(addr).map_err(|e| e.to_string())?;
        Client::over(stream, addr, origin)
    }

    /// Connects to `addr` from the loopback address `from` (another client's address: all
    /// of 127.0.0.0/8 is this machine).
    pub fn connect_from(from: &str, addr: &str) -> Result<Client, String> {
        Client::over(tcp_from(from, addr)?, addr, None)
    }

    /// Connects to `addr` from the loopback address `from` with extra request `headers` (a
    /// reverse proxy's forwarding headers, say).
    pub fn connect_with_headers(
        from: &str,
        addr: &str,
        headers: &[(&str, &str)],
    ) -> Result<Client, String> {
        Client::over_with(tcp_from(from, addr)?, addr, None, headers)
    }

    fn over(stream: TcpStream, addr: &str, origin: Option<&str>) -> Result<Client, String> {
        Client::over_with(stream, addr, origin, &[])
    }

    fn over_with(
        stream: TcpStream,
        addr: &str,
        origin: Option<&str>,
        headers: &[(&str, &str)],
    ) -> Result<Client, String> {
        // The handshake blocks (with a bound); reads after it poll every 100 ms.
        stream
            .set_read_timeout(Some(WAIT))
            .map_err(|e| e.to_string())?;
        let mut request = format!("ws://{addr}/ws")
            .into_client_request()
            .map_err(|e| e.to_string())?;
        if let Some(o) = origin {
            request
                .headers_mut()
                .insert("Origin", o.parse().expect("header value"));
        }
        for (name, value) in headers {
            let name: tungstenite::http::HeaderName = name.parse().map_err(|e| format!("{e}"))?;
            request
                .headers_mut()
                .append(name, value.parse().map_err(|e| format!("{e}"))?);
        }
        let (ws, _) = tungstenite::client(request, stream).map_err(|e| e.to_string())?;
        ws.get_ref()
            .set_read_timeout(Some(Duration::from_millis(100)))
            .map_err(|e| e.to_string())?;
        Ok(Client { ws })
    }

    /// Sends a JSON value as a text frame.
    pub fn send(&mut self, v: Value) {
        self.send_raw(&v.to_string());
    }

    /// Sends any text.
    pub fn send_raw(&mut self, text: &str) {
        assert!(self.try_send_raw(text), "send a frame");
    }

    /// Sends any text; false if the connection is already gone.
    pub fn try_send_raw(&mut self, text: &str) -> bool {
        self.ws.send(Message::text(text.to_string())).is_ok()
    }

    /// The next server message, or `None` when the server closed the connection. Fails the
    /// test after [`WAIT`].
    pub fn try_recv(&mut self) -> Option<ServerMessage> {
        loop {
            match self.read_frame("no message from the server in time")? {
                Message::Text(t) => {
                    return Some(
                        serde_json::from_str(t.as_str())
                            .unwrap_or_else(|e| panic!("unreadable server message {t}: {e}")),
                    );
                }
                Message::Close(_) => return None,
                _ => {}
            }
        }
    }

    /// Reads until the server closes the connection; returns the close frame's status code
    /// (`None` for a close without one, or a connection that just dropped). Fails the test
    /// after [`WAIT`].
    pub fn close_code(&mut self) -> Option<u16> {
        self.close_code_within(WAIT)
    }

    /// The close frame's status code, waiting at most `wait` for it.
    pub fn close_code_within(&mut self, wait: Duration) -> Option<u16> {
        loop {
            if let Message::Close(frame) =
                self.read_frame_within(wait, "the server did not close in time")?
            {
                return frame.map(|f| u16::from(f.code));
            }
        }
    }

    /// The next frame, or `None` when the connection is gone; fails the test with `late`
    /// after [`WAIT`] without one.
    fn read_frame(&mut self, late: &str) -> Option<Message> {
        self.read_frame_within(WAIT, late)
    }

    fn read_frame_within(&mut self, wait: Duration, late: &str) -> Option<Message> {
        let deadline = Instant::now() + wait;
        loop {
            match self.ws.read() {
                Ok(m) => return Some(m),
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    assert!(Instant::now() < deadline, "{late}");
                }
                Err(_) => return None,
            }
        }
    }

    /// What the server sent within `wait`, without failing the test: `Some(Ok(message))`,
    /// `Some(Err(code))` when the server closed (with the close frame's status code, if any),
    /// `None` when nothing came in time.
    pub fn recv_within(&mut self, wait: Duration) -> Option<Result<ServerMessage, Option<u16>>> {
        let deadline = Instant::now() + wait;
        loop {
            match self.ws.read() {
                Ok(Message::Text(t)) => {
                    return Some(Ok(serde_json::from_str(t.as_str())
                        .unwrap_or_else(|e| panic!("unreadable server message {t}: {e}"))));
                }
                Ok(Message::Close(frame)) => return Some(Err(frame.map(|f| u16::from(f.code)))),
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    if Instant::now() >= deadline {
                        return None;
                    }
                }
                Err(_) => return Some(Err(None)),
            }
        }
    }

    /// Sends a raw WebSocket frame (for frames no well-behaved client sends).
    pub fn send_frame(&mut self, frame: tungstenite::protocol::frame::Frame) -> bool {
        self.ws.send(Message::Frame(frame)).is_ok()
    }

    /// The next server message.
    pub fn recv(&mut self) -> ServerMessage {
        self.try_recv().expect("the server closed the connection")
    }

    /// Skips messages until one `f` picks something out of.
    pub fn recv_until<T>(&mut self, mut f: impl FnMut(&ServerMessage) -> Option<T>) -> T {
        loop {
            let m = self.recv();
            if let Some(t) = f(&m) {
                return t;
            }
        }
    }

    /// Skips messages until a room state that satisfies `f`.
    pub fn room_until(&mut self, mut f: impl FnMut(&RoomState) -> bool) -> RoomState {
        self.recv_until(|m| match m {
            ServerMessage::Room { room } if f(room) => Some(room.clone()),
            _ => None,
        })
    }

    /// A spectator's view: skips messages until the room, as the whole room and the updates
    /// since (applied to `view`) show it, satisfies `f`. An update that does not apply fails
    /// the test.
    pub fn view_until(
        &mut self,
        view: &mut Option<RoomState>,
        mut f: impl FnMut(&RoomState) -> bool,
    ) -> RoomState {
        if let Some(r) = view.as_ref().filter(|r| f(r)) {
            return r.clone();
        }
        loop {
            match self.recv() {
                ServerMessage::Room { room } => *view = Some(room),
                ServerMessage::RoomUpdate { update } => {
                    let room = view.as_mut().expect("an update comes after the whole room");
                    update
                        .apply(room)
                        .unwrap_or_else(|e| panic!("an update that does not apply: {e}"));
                }
                ServerMessage::Spectators { code, count } => {
                    if let Some(room) = view.as_mut().filter(|r| r.code == code) {
                        room.spectators = count;
                    }
                }
                _ => continue,
            }
            if let Some(r) = view.as_ref().filter(|r| f(r)) {
                return r.clone();
            }
        }
    }

    /// The next message other than a room's state (or a player's new rating after a rated
    /// game), which must be an error with `code`; returns its text.
    pub fn expect_error(&mut self, code: ErrorCode) -> String {
        loop {
            match self.recv() {
                ServerMessage::Room { .. }
                | ServerMessage::RoomUpdate { .. }
                | ServerMessage::Spectators { .. }
                | ServerMessage::Player { .. } => {}
                ServerMessage::Error {
                    code: c, message, ..
                } if c == code => return message,
                other => panic!("expected a {code:?} error, got {other:?}"),
            }
        }
    }

    /// Says hello as a new player; returns it and its token.
    pub fn hello(&mut self, name: &str) -> (PlayerInfo, String) {
        self.send(json!({"type": "hello", "version": 3, "name": name}));
        match self.recv() {
            ServerMessage::Welcome {
                player: Some(p),
                token: Some(t),
                ..
            } => (p, t),
            other => panic!("expected a welcome, got {other:?}"),
        }
    }

    /// Says hello with a player token; returns the welcome's seats.
    pub fn hello_again(&mut self, token: &str) -> Vec<SeatInfo> {
        self.send(json!({"type": "hello", "version": 3, "token": token}));
        match self.recv() {
            ServerMessage::Welcome {
                player: Some(_),
                token: None,
                seats,
                ..
            } => seats,
            other => panic!("expected a welcome, got {other:?}"),
        }
    }

    /// Waits for a seat message.
    pub fn seat(&mut self) -> SeatInfo {
        self.recv_until(|m| match m {
            ServerMessage::Seat { seat } => Some(seat.clone()),
            _ => None,
        })
    }

    /// Closes the connection.
    pub fn close(mut self) {
        let _ = self.ws.close(None);
        let _ = self.ws.flush();
    }
}

/// Settings as JSON.
pub fn settings(rule: &str, size: u8, time: Option<(u32, u32)>, rated: bool) -> Value {
    json!({
        "rule": rule,
        "size": size,
        "time": time.map(|(b, i)| json!({"base_secs": b, "increment_secs": i})),
        "rated": rated,
    })
}

/// Two players in a fresh room: the first creates it as black, the second joins as white.
/// Returns (black client, black seat, white client, white seat, the room's first state).
pub struct Pair {
    /// Black's connection.
    pub black: Client,
    /// Black's seat.
    pub b: SeatInfo,
    /// Black's player token.
    pub b_token: String,
    /// White's connection.
    pub white: Client,
    /// White's seat.
    pub w: SeatInfo,
    /// White's player token.
    pub w_token: String,
}

impl Pair {
    /// Creates the room with `settings` and joins it, as two new players (Ann and Bob).
    pub fn new(server: &Server, settings: Value) -> Pair {
        let mut black = server.client();
        let (_, b_token) = black.hello("Ann");
        let mut white = server.client();
        let (_, w_token) = white.hello("Bob");
        Pair::seat(black, b_token, white, w_token, settings)
    }

    /// A new room between two existing players (by their player tokens): black creates it,
    /// white joins.
    pub fn again(server: &Server, b_token: &str, w_token: &str, settings: Value) -> Pair {
        let mut black = server.client();
        black.hello_again(b_token);
        let mut white = server.client();
        white.hello_again(w_token);
        Pair::seat(black, b_token.into(), white, w_token.into(), settings)
    }

    /// Black (greeted) creates a public room, white (greeted) joins it; both see it begin.
    pub fn seat(
        mut black: Client,
        b_token: String,
        mut white: Client,
        w_token: String,
        settings: Value,
    ) -> Pair {
        black.send(
            json!({"type": "create_room", "settings": settings, "colour": "Black", "public": true}),
        );
        let b = black.seat();
        white.send(json!({"type": "join_room", "code": b.code}));
        let w = white.seat();
        white.room_until(|r| r.status == gomoku_net::RoomStatus::Playing);
        black.room_until(|r| r.status == gomoku_net::RoomStatus::Playing);
        Pair {
            black,
            b,
            b_token,
            white,
            w,
            w_token,
        }
    }

    /// Plays `(x, y)` from the side to move at `ply` and waits until both see it.
    pub fn play(&mut self, ply: u32, x: u8, y: u8) -> RoomState {
        let (client, seat) = if ply.is_multiple_of(2) {
            (&mut self.black, &self.b)
        } else {
            (&mut self.white, &self.w)
        };
        client.send(move_msg(seat, ply, x, y));
        let want = ply as usize + 1;
        self.black.room_until(|r| r.moves.len() == want);
        self.white.room_until(|r| r.moves.len() == want)
    }
}

/// A move message for `seat`.
pub fn move_msg(seat: &SeatInfo, ply: u32, x: u8, y: u8) -> Value {
    json!({"type": "move", "code": seat.code, "seat_token": seat.seat_token, "ply": ply, "x": x, "y": y})
}

/// A seat action without fields of its own.
pub fn seat_msg(kind: &str, seat: &SeatInfo) -> Value {
    json!({"type": kind, "code": seat.code, "seat_token": seat.seat_token})
}
