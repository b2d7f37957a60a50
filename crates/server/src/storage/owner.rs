//! One server per SQLite file. Every room lives in its server's memory, so a second server on
//! the same file would take the unfinished games as its own and the two would split them
//! (different boards, moves refused by one and accepted by the other). The server that opens
//! the file holds an exclusive lock on a file beside it for as long as it runs; a second one
//! is refused with the reason. The operating system lets go of the lock when the process ends,
//! however it ends (a killed server's successor starts at once).

use std::fs::{File, OpenOptions, TryLockError};
use std::io::Write;
use std::path::{Path, PathBuf};

use super::StorageError;

/// The lock held on a database file's companion `<file>.lock` while the server runs.
#[derive(Debug)]
pub struct OwnerLock {
    _file: File,
}

/// The lock file beside the database at `db`.
pub fn lock_path(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

impl OwnerLock {
    /// Takes the database at `db` for this server, or says which server holds it.
    pub fn take(db: &Path) -> Result<OwnerLock, StorageError> {
        let path = lock_path(db);
        let mut file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .read(true)
            .write(true)
            .open(&path)
            .map_err(|e| StorageError(format!("cannot open {}: {e}", path.display())))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let holder = std::fs::read_to_string(&path).unwrap_or_default();
                let holder = holder.trim();
                return Err(StorageError(format!(
                    "{} is already served by another gomoku-server{} (it holds {}). Two \
                     servers on one SQLite file would split the games between them: stop the \
                     other one, or serve several over one PostgreSQL database",
                    db.display(),
                    if holder.is_empty() {
                        String::new()
                    } else {
                        format!(" ({holder})")
                    },
                    path.display()
                )));
            }
            Err(TryLockError::Error(e)) => {
                return Err(StorageError(format!("cannot lock {}: {e}", path.display())));
            }
        }
        // Who holds it, for the operator (and the next server's refusal).
        let _ = file.set_len(0);
        let _ = writeln!(file, "process {}", std::process::id());
        Ok(OwnerLock { _file: file })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_owner_is_refused_until_the_first_lets_go() {
        let dir = std::env::temp_dir().join(format!("gomoku-owner-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("games.sqlite");
        let first = OwnerLock::take(&db).unwrap();
        let refused = OwnerLock::take(&db).unwrap_err().0;
        assert!(
            refused.contains("already served by another gomoku-server"),
            "{refused}"
        );
        assert!(
            refused.contains(&format!("process {}", std::process::id())),
            "{refused}"
        );
        assert!(refused.contains("PostgreSQL"), "{refused}");
        drop(first);
        OwnerLock::take(&db).expect("free again");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
