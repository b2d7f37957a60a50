//! The server's settings: command-line flags, with environment variables as defaults.

use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

/// The port when none is given.
pub const DEFAULT_PORT: u16 = 7878;

/// The command line's help.
pub const USAGE: &str = "\
gomoku-server: online Gomoku over WebSockets (ws://HOST:PORT/ws)

Options (environment variable in brackets):
  --host ADDR          address to listen on; 127.0.0.1 unless told otherwise [GOMOKU_SERVER_HOST]
  --port N             port; 0 picks a free one [GOMOKU_SERVER_PORT] (default 7878)
  --db PATH|URL        a SQLite file (one server), or a postgres:// URL that several servers
                       share [GOMOKU_SERVER_DB] (default gomoku-server.sqlite)
  --allow-origin URL   a browser origin allowed to connect; repeatable
                       [GOMOKU_SERVER_ORIGINS, comma-separated]
                       (default: http://localhost:8080 and http://127.0.0.1:8080)
  --web DIR            also serve the web build in DIR (scripts/build_web.sh) at /, its
                       own origin allowed to connect [GOMOKU_SERVER_WEB]
  --public-url URL     where players reach this server (https://gomoku.example); with --web
                       its origin may connect. Without it, --web allows the listening
                       address (and localhost on loopback) [GOMOKU_SERVER_PUBLIC_URL]
  --grace SECS         how long a disconnected player keeps the seat [GOMOKU_SERVER_GRACE] (60)
  --rate N             messages a second per connection, on average (20)
  --burst N            messages a connection may send at once (40)
  --max-per-address N  connections one address may hold, half-sent requests too (64)
  --max-connections N  connections in all (10000)
  --header-timeout S   seconds a client has to send its request headers (10)
  --trust ADDR         an address exempt from the per-address limits (connections, new
                       players, waiting games, failed joins): a load test's machine, or a
                       proxy that limits by itself; repeatable
  --help               this text
";

/// Where the server keeps players and games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Database {
    /// A SQLite file: one server, nothing to set up.
    Sqlite(PathBuf),
    /// A PostgreSQL connection URL (`postgres://` or `postgresql://`): any number of servers.
    Postgres(String),
}

impl Database {
    /// A `postgres://` or `postgresql://` URL, or else a SQLite path.
    pub fn parse(value: &str) -> Database {
        let lower = value.trim_start().to_ascii_lowercase();
        if lower.starts_with("postgres://") || lower.starts_with("postgresql://") {
            Database::Postgres(value.trim().to_string())
        } else {
            Database::Sqlite(PathBuf::from(value))
        }
    }
}

impl std::fmt::Display for Database {
    /// The path, or the URL without its password (it goes to logs).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            Database::Postgres(url) => f.write_str(&without_password(url)),
        }
    }
}

/// `scheme://user:secret@host/db` as `scheme://user:***@host/db` (a URL without a password
/// as it is).
fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, path) = match rest.find('/') {
        Some(i) => rest.split_at(i),
        None => (rest, ""),
    };
    match authority.rsplit_once('@') {
        Some((user, host)) => match user.split_once(':') {
            Some((name, _)) => format!("{scheme}://{name}:***@{host}{path}"),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

/// How the server runs.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Address to listen on.
    pub host: IpAddr,
    /// Port (0: any free port).
    pub port: u16,
    /// Where players and games are kept.
    pub db: Database,
    /// Browser origins allowed to open a WebSocket (requests without `Origin` are not from a
    /// browser page and are allowed).
    pub origins: Vec<String>,
    /// A web build to serve at `/` (its pages may connect from the server's own origin).
    pub web: Option<PathBuf>,
    /// How long a seat may stay disconnected before it forfeits.
    pub grace: Duration,
    /// Messages a second per connection, on average.
    pub rate: f64,
    /// Messages a connection may send at once.
    pub burst: f64,
    /// Where players reach the server (its origin may connect when serving the web build).
    pub public_url: Option<String>,
    /// Connections one address may hold at once.
    pub max_per_address: usize,
    /// Connections in all.
    pub max_connections: usize,
    /// How long a client has to send its request headers.
    pub header_timeout: Duration,
    /// Addresses exempt from the per-address limits.
    pub trusted: Vec<IpAddr>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            host: IpAddr::from([127, 0, 0, 1]),
            port: DEFAULT_PORT,
            db: Database::Sqlite(PathBuf::from("gomoku-server.sqlite")),
            origins: vec![
                "http://localhost:8080".into(),
                "http://127.0.0.1:8080".into(),
            ],
            web: None,
            grace: Duration::from_secs(60),
            rate: 20.0,
            burst: 40.0,
            public_url: None,
            max_per_address: 64,
            max_connections: 10_000,
            header_timeout: Duration::from_secs(10),
            trusted: Vec::new(),
        }
    }
}

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Run with this configuration.
    Run(Box<Config>),
    /// Print [`USAGE`].
    Help,
}

impl Config {
    /// Reads the flags in `args` (without the program name) over the environment's defaults
    /// (`env` looks a variable up).
    pub fn parse(
        args: impl IntoIterator<Item = String>,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<Command, String> {
        let mut c = Config::default();
        if let Some(v) = env("GOMOKU_SERVER_HOST") {
            c.host = parse_value("GOMOKU_SERVER_HOST", &v)?;
        }
        if let Some(v) = env("GOMOKU_SERVER_PORT") {
            c.port = parse_value("GOMOKU_SERVER_PORT", &v)?;
        }
        if let Some(v) = env("GOMOKU_SERVER_DB") {
            c.db = Database::parse(&v);
        }
        if let Some(v) = env("GOMOKU_SERVER_ORIGINS") {
            c.origins = v
                .split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect();
        }
        if let Some(v) = env("GOMOKU_SERVER_WEB") {
            c.web = Some(PathBuf::from(v));
        }
        if let Some(v) = env("GOMOKU_SERVER_PUBLIC_URL") {
            c.public_url = Some(origin_of("GOMOKU_SERVER_PUBLIC_URL", &v)?);
        }
        if let Some(v) = env("GOMOKU_SERVER_GRACE") {
            c.grace = Duration::from_secs(parse_value("GOMOKU_SERVER_GRACE", &v)?);
        }
        let mut origins_given = false;
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            if flag == "--help" || flag == "-h" {
                return Ok(Command::Help);
            }
            let mut value = || {
                args.next()
                    .ok_or_else(|| format!("{flag} needs a value (see --help)"))
            };
            match flag.as_str() {
                "--host" => c.host = parse_value(&flag, &value()?)?,
                "--port" => c.port = parse_value(&flag, &value()?)?,
                "--db" => c.db = Database::parse(&value()?),
                "--allow-origin" => {
                    if !origins_given {
                        c.origins.clear();
                        origins_given = true;
                    }
                    c.origins.push(value()?);
                }
                "--web" => c.web = Some(PathBuf::from(value()?)),
                "--grace" => c.grace = Duration::from_secs(parse_value(&flag, &value()?)?),
                "--rate" => c.rate = positive(&flag, parse_value(&flag, &value()?)?)?,
                "--burst" => c.burst = positive(&flag, parse_value(&flag, &value()?)?)?,
                "--public-url" => c.public_url = Some(origin_of(&flag, &value()?)?),
                "--max-per-address" => {
                    c.max_per_address = at_least_one(&flag, parse_value(&flag, &value()?)?)?
                }
                "--max-connections" => {
                    c.max_connections = at_least_one(&flag, parse_value(&flag, &value()?)?)?
                }
                "--header-timeout" => {
                    c.header_timeout = Duration::from_secs(at_least_one(
                        &flag,
                        parse_value::<usize>(&flag, &value()?)?,
                    )? as u64)
                }
                "--trust" => c.trusted.push(parse_value(&flag, &value()?)?),
                other => return Err(format!("unknown option '{other}' (see --help)")),
            }
        }
        if let Some(dir) = &c.web
            && !dir.join("index.html").is_file()
        {
            return Err(format!(
                "--web {}: no index.html there (build it with scripts/build_web.sh)",
                dir.display()
            ));
        }
        Ok(Command::Run(Box::new(c)))
    }

    /// The origins of this server's own pages when it serves the web build (`--web`): the
    /// public URL's when given, else the listening address's on `port` (with `localhost` and
    /// the other loopback spellings when it listens on loopback). Never taken from a request's
    /// `Host` header, which the client chooses (the DNS-rebinding pattern).
    pub fn own_origins(&self, port: u16) -> Vec<String> {
        if self.web.is_none() {
            return Vec::new();
        }
        if let Some(url) = &self.public_url {
            return vec![url.clone()];
        }
        let hosts: Vec<String> = if self.host.is_loopback() {
            vec!["localhost".into(), "127.0.0.1".into(), "[::1]".into()]
        } else {
            match self.host {
                IpAddr::V4(v4) => vec![v4.to_string()],
                IpAddr::V6(v6) => vec![format!("[{v6}]")],
            }
        };
        hosts
            .into_iter()
            .map(|h| format!("http://{h}:{port}"))
            .collect()
    }

    /// Whether a browser page from `origin` may connect: one of the allowed origins, or one
    /// of `own` (see [`Config::own_origins`]).
    pub fn origin_allowed(&self, origin: &str, own: &[String]) -> bool {
        self.origins
            .iter()
            .chain(own)
            .any(|o| o.eq_ignore_ascii_case(origin))
    }

    /// Whether `address` is exempt from the per-address limits.
    pub fn trusts(&self, address: IpAddr) -> bool {
        let address = super::limits::canonical(address);
        self.trusted
            .iter()
            .any(|t| super::limits::canonical(*t) == address)
    }
}

/// The origin (`scheme://host[:port]`) of a URL given as the public address.
fn origin_of(what: &str, url: &str) -> Result<String, String> {
    let url = url.trim();
    let (scheme, rest) = url
        .split_once("://")
        .filter(|(s, _)| matches!(*s, "http" | "https"))
        .ok_or_else(|| format!("{what}: '{url}' is not an http:// or https:// URL"))?;
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if host.is_empty() || host.contains('@') {
        return Err(format!("{what}: '{url}' has no host"));
    }
    Ok(format!("{scheme}://{}", host.to_ascii_lowercase()))
}

fn at_least_one(what: &str, v: usize) -> Result<usize, String> {
    if v >= 1 {
        Ok(v)
    } else {
        Err(format!("{what} must be at least 1"))
    }
}

fn parse_value<T: std::str::FromStr>(what: &str, text: &str) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("{what}: '{text}' is not a valid value"))
}

fn positive(what: &str, v: f64) -> Result<f64, String> {
    if v.is_finite() && v >= 1.0 {
        Ok(v)
    } else {
        Err(format!("{what} must be at least 1"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn flags_over_environment() {
        let env = |k: &str| (k == "GOMOKU_SERVER_PORT").then(|| "9000".to_string());
        let Command::Run(c) =
            Config::parse(args("--db x.sqlite --allow-origin http://a"), env).unwrap()
        else {
            panic!("not run")
        };
        assert_eq!(c.port, 9000);
        assert_eq!(c.host, IpAddr::from([127, 0, 0, 1]));
        assert_eq!(c.db, Database::Sqlite(PathBuf::from("x.sqlite")));
        assert_eq!(c.origins, vec!["http://a".to_string()]);
        assert!(Config::parse(args("--port x"), |_| None).is_err());
        assert!(Config::parse(args("--bogus"), |_| None).is_err());
        assert_eq!(Config::parse(args("--help"), |_| None), Ok(Command::Help));
        let Command::Run(c) = Config::parse(
            args("--max-per-address 5 --header-timeout 2 --trust 127.0.0.1 --trust ::1"),
            |_| None,
        )
        .unwrap() else {
            panic!("not run")
        };
        assert_eq!(c.max_per_address, 5);
        assert_eq!(c.header_timeout, Duration::from_secs(2));
        assert!(c.trusts("127.0.0.1".parse().unwrap()));
        assert!(c.trusts("::ffff:127.0.0.1".parse().unwrap()));
        assert!(!c.trusts("127.0.0.2".parse().unwrap()));
        assert!(Config::parse(args("--max-per-address 0"), |_| None).is_err());
    }

    #[test]
    fn a_web_folder_needs_its_page_and_lets_its_own_origin_connect() {
        let err = Config::parse(args("--web /nonexistent-gomoku-web"), |_| None).unwrap_err();
        assert!(err.contains("index.html"), "{err}");
        let dir = std::env::temp_dir().join(format!("gomoku-web-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("index.html"), "<!doctype html>").unwrap();
        let Command::Run(c) =
            Config::parse(vec!["--web".to_string(), dir.display().to_string()], |_| {
                None
            })
            .unwrap()
        else {
            panic!("not run")
        };
        let own = c.own_origins(7878);
        assert!(c.origin_allowed("http://127.0.0.1:7878", &own));
        assert!(c.origin_allowed("http://localhost:7878", &own));
        assert!(
            !c.origin_allowed("http://evil.example", &own),
            "Host is never trusted"
        );
        assert!(!c.origin_allowed("http://127.0.0.1:9999", &own));
        assert!(c.origin_allowed("http://localhost:8080", &own));
        let Command::Run(public) = Config::parse(
            vec![
                "--web".to_string(),
                dir.display().to_string(),
                "--public-url".into(),
                "https://Game.Example/play/".into(),
            ],
            |_| None,
        )
        .unwrap() else {
            panic!("not run")
        };
        assert_eq!(public.own_origins(7878), ["https://game.example"]);
        assert!(public.origin_allowed("https://game.example", &public.own_origins(7878)));
        assert!(!public.origin_allowed("http://127.0.0.1:7878", &public.own_origins(7878)));
        let without = Config::default();
        assert!(without.own_origins(7878).is_empty());
        assert!(Config::parse(args("--public-url ftp://x"), |_| None).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_postgres_url_is_a_shared_database_and_its_password_stays_out_of_logs() {
        let Command::Run(c) = Config::parse(
            args("--db postgres://gomoku:s3cret@db.example:5432/games"),
            |_| None,
        )
        .unwrap() else {
            panic!("not run")
        };
        assert_eq!(
            c.db,
            Database::Postgres("postgres://gomoku:s3cret@db.example:5432/games".into())
        );
        assert_eq!(
            c.db.to_string(),
            "postgres://gomoku:***@db.example:5432/games"
        );
        let env = |k: &str| (k == "GOMOKU_SERVER_DB").then(|| "postgresql://h/db".to_string());
        let Command::Run(c) = Config::parse(Vec::new(), env).unwrap() else {
            panic!("not run")
        };
        assert_eq!(c.db, Database::Postgres("postgresql://h/db".into()));
        assert_eq!(c.db.to_string(), "postgresql://h/db");
        assert_eq!(
            Database::parse("games.sqlite"),
            Database::Sqlite("games.sqlite".into())
        );
    }
}
