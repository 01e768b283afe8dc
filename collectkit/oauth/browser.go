package oauth

import (
	"context"
	"os"
	"os/exec"
	"runtime"
	"time"
)

// systemHasBrowser reports whether systemBrowser can work here.
func systemHasBrowser() bool {
	name := "xdg-open"
	switch runtime.GOOS {
	case "darwin":
		name = "open"
	case "windows":
		return true
	default:
		if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
			return false
		}
	}
	_, err := exec.LookPath(name)
	return err == nil
}

// systemBrowser opens u in the operator's browser with the platform's
// opener, the URL passed as one argument and never through a shell. It
// returns ErrNoBrowser where no graphical session is reachable (an SSH
// session without forwarding, a container) or no opener is installed.
func systemBrowser(ctx context.Context, u string) error {
	var name string
	var args []string
	switch runtime.GOOS {
	case "darwin":
		name = "open"
	case "windows":
		name, args = "rundll32", []string{"url.dll,FileProtocolHandler"}
	default:
		if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
			return ErrNoBrowser
		}
		name = "xdg-open"
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return ErrNoBrowser
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, append(args, u)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = nil, nil, nil
	if err := cmd.Run(); err != nil {
		return ErrNoBrowser
	}
	return nil
}
