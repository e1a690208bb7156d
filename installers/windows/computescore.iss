; Inno Setup script for ComputeScore (Windows). Needs Windows and Inno Setup 6:
;   pyinstaller installers\computescore.spec --noconfirm
;   iscc installers\windows\computescore.iss
; Produces dist\ComputeScore-<version>-setup.exe: a per-user install (no administrator
; rights), a Start-menu shortcut and the .computescore file association. The database
; stays in %LOCALAPPDATA%\ComputeScore, so upgrades and uninstalls never touch it.

#define AppName "ComputeScore"
#define AppVersion "0.1.0"
#define AppExe "computescore.exe"

[Setup]
AppId={{6E0B3A52-7C1D-4C7B-9A0E-2B5C3F0D9A11}
AppName={#AppName}
AppVersion={#AppVersion}
AppPublisher=ComputeScore
DefaultDirName={localappdata}\Programs\{#AppName}
DefaultGroupName={#AppName}
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
OutputDir=..\..\dist
OutputBaseFilename={#AppName}-{#AppVersion}-setup
SetupIconFile=..\..\resources\icons\app.ico
UninstallDisplayIcon={app}\{#AppExe}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes

[Files]
Source: "..\..\dist\ComputeScore\*"; DestDir: "{app}"; Flags: recursesubdirs ignoreversion

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{group}\Uninstall {#AppName}"; Filename: "{uninstallexe}"

[Registry]
Root: HKCU; Subkey: "Software\Classes\.computescore"; ValueType: string; ValueName: ""; ValueData: "ComputeScore.Workspace"; Flags: uninsdeletevalue
Root: HKCU; Subkey: "Software\Classes\ComputeScore.Workspace"; ValueType: string; ValueName: ""; ValueData: "ComputeScore workspace"; Flags: uninsdeletekey
Root: HKCU; Subkey: "Software\Classes\ComputeScore.Workspace\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
Root: HKCU; Subkey: "Software\Classes\ComputeScore.Workspace\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""

[Run]
Filename: "{app}\{#AppExe}"; Description: "Start {#AppName}"; Flags: nowait postinstall skipifsilent
