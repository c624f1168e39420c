# Sourced by the install scripts: `can_apt` says whether Debian packages can be installed here (root with
# apt-get); `apt_install PACKAGE...` installs them, refreshing the package lists only if the first try fails.
can_apt() {
  [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1
}
apt_install() {
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  fi
}
