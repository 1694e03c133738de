//! What every end-to-end test of the binary shares.

use assert_cmd::Command;

/// The `folio` binary built for this test run.
pub fn folio() -> Command {
    Command::cargo_bin("folio").expect("folio binary")
}

/// Waits until `ready()` holds while `child` runs (panicking if it ends first or after five
/// minutes; `what` names the awaited state), then sends it `signal` (`INT`, `TERM`) with
/// kill(1) and returns its exit status.
pub fn interrupt_when(
    child: &mut std::process::Child,
    ready: impl Fn() -> bool,
    what: &str,
    signal: &str,
) -> std::process::ExitStatus {
    let started = std::time::Instant::now();
    while !ready() {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the run ended ({status}) before {what}");
        }
        assert!(started.elapsed().as_secs() < 300, "not {what} in 5 minutes");
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let sent = std::process::Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(child.id().to_string())
        .status()
        .unwrap();
    assert!(sent.success());
    child.wait().unwrap()
}
