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
  --db PATH            SQLite database file [GOMOKU_SERVER_DB] (default gomoku-server.sqlite)
  --allow-origin URL   a browser origin allowed to connect; repeatable
                       [GOMOKU_SERVER_ORIGINS, comma-separated]
                       (default: http://localhost:8080 and http://127.0.0.1:8080)
  --web DIR            also serve the web build in DIR (scripts/build_web.sh) at /, its
                       own origin allowed to connect [GOMOKU_SERVER_WEB]
  --grace SECS         how long a disconnected player keeps the seat [GOMOKU_SERVER_GRACE] (60)
  --rate N             messages a second per connection, on average (20)
  --burst N            messages a connection may send at once (40)
  --help               this text
";

/// How the server runs.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Address to listen on.
    pub host: IpAddr,
    /// Port (0: any free port).
    pub port: u16,
    /// The SQLite file.
    pub db: PathBuf,
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
}

impl Default for Config {
    fn default() -> Self {
        Config {
            host: IpAddr::from([127, 0, 0, 1]),
            port: DEFAULT_PORT,
            db: PathBuf::from("gomoku-server.sqlite"),
            origins: vec![
                "http://localhost:8080".into(),
                "http://127.0.0.1:8080".into(),
            ],
            web: None,
            grace: Duration::from_secs(60),
            rate: 20.0,
            burst: 40.0,
        }
    }
}

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Run with this configuration.
    Run(Config),
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
            c.db = PathBuf::from(v);
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
                "--db" => c.db = PathBuf::from(value()?),
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
        Ok(Command::Run(c))
    }

    /// Whether a browser page from `origin` may connect to a server reached as `host` (the
    /// request's `Host` header): an allowed origin, or, when this server serves the web build
    /// itself, a page of its own (the origin's host is the one the request was sent to).
    pub fn origin_allowed(&self, origin: &str, host: Option<&str>) -> bool {
        if self.origins.iter().any(|o| o.eq_ignore_ascii_case(origin)) {
            return true;
        }
        let own_page = host.is_some_and(|host| {
            ["http://", "https://"].iter().any(|scheme| {
                origin
                    .strip_prefix(scheme)
                    .is_some_and(|rest| rest.eq_ignore_ascii_case(host))
            })
        });
        self.web.is_some() && own_page
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
        assert_eq!(c.db, PathBuf::from("x.sqlite"));
        assert_eq!(c.origins, vec!["http://a".to_string()]);
        assert!(Config::parse(args("--port x"), |_| None).is_err());
        assert!(Config::parse(args("--bogus"), |_| None).is_err());
        assert_eq!(Config::parse(args("--help"), |_| None), Ok(Command::Help));
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
        assert!(c.origin_allowed("http://game.example:7878", Some("game.example:7878")));
        assert!(c.origin_allowed("https://game.example", Some("game.example")));
        assert!(!c.origin_allowed("http://evil.example", Some("game.example:7878")));
        assert!(!c.origin_allowed("http://game.example:7878", None));
        assert!(c.origin_allowed("http://localhost:8080", None));
        let without = Config::default();
        assert!(!without.origin_allowed("http://game.example:7878", Some("game.example:7878")));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
