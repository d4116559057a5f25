; Inno Setup 6 script of the kiosk's Windows installer (built by build-windows.ps1):
;   ISCC.exe /DAppVersion=0.1.0 packaging\windows\kiosk-app.iss
; Installs the PyInstaller one-folder bundle (dist\kiosk-app) into Program Files, with a
; Start-menu entry, an optional desktop icon, a "Self-test" entry, and an uninstaller.
; Lock-down (Shell Launcher / Assigned Access) is configured separately: see README-windows.md.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#define AppName "ID-check kiosk"
#define AppExe "kiosk-app.exe"
#define CliExe "kiosk-app-cli.exe"

[Setup]
AppId={{6F0B7C1E-3C2B-4B8E-9E0A-5A1D2C7B9F41}
AppName={#AppName}
AppVersion={#AppVersion}
AppPublisher=Kiosk maintainers
DefaultDirName={autopf}\kiosk-app
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
OutputDir=..\..\dist
OutputBaseFilename=kiosk-app-{#AppVersion}-setup
SetupIconFile=app-icon.ico
UninstallDisplayIcon={app}\{#AppExe}
Compression=lzma2/max
SolidCompression=yes
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
PrivilegesRequired=admin
WizardStyle=modern
CloseApplications=yes

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "fr"; MessagesFile: "compiler:Languages\French.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\..\dist\kiosk-app\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[InstallDelete]
; A new version's bundle replaces the old one entirely (no stale modules left behind).
Type: filesandordirs; Name: "{app}\_internal"

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{group}\{#AppName} (demo)"; Filename: "{app}\{#AppExe}"; Parameters: "--demo"
Name: "{group}\{#AppName} self-test"; Filename: "{cmd}"; Parameters: "/k ""{app}\{#CliExe}"" self-test"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{cmd}"; Parameters: "/k ""{app}\{#CliExe}"" self-test"; Description: "Run the self-test now"; Flags: postinstall skipifsilent unchecked
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
